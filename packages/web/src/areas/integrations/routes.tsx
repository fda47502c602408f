import {
  COGNITIVE_EDIT_ROUTE,
  cognitiveProfiles,
  EMAIL_PROFILE_EDIT_ROUTE,
  emailProfiles,
  importTemplates,
  STORAGE_TYPES,
  storageProfiles,
  triggers,
} from '@switchboard/model';
import { Navigate, type RouteObject } from 'react-router';
import { besideRoutes, editor, guarded, resourceRoutes, screen } from '../../app/resource-routes';

const StorageProfilesList = screen(() => import('./storage/StorageProfilesList'), 'StorageProfilesList');
const StorageProfileEdit = screen(() => import('./storage/StorageProfileEdit'), 'StorageProfileEdit');
const CognitiveProfilesList = screen(() => import('./BesideLists'), 'CognitiveProfilesList');
const CognitiveProfileEdit = screen(() => import('./cognitive/CognitiveProfileEdit'), 'CognitiveProfileEdit');
const EmailProfilesList = screen(() => import('./BesideLists'), 'EmailProfilesList');
const EmailProfileEdit = screen(() => import('./email/EmailProfileEdit'), 'EmailProfileEdit');
const ImportTemplateEdit = screen(() => import('./import-templates/ImportTemplateEdit'), 'ImportTemplateEdit');
const TriggersList = screen(() => import('./triggers/TriggersList'), 'TriggersList');
const TriggerEdit = screen(() => import('./triggers/TriggerEdit'), 'TriggerEdit');

/** Integrations routes, relative to the admin layout; each screen loads on demand. */
export const routes: RouteObject[] = [
  { path: 'integrations/storage', element: guarded(storageProfiles, StorageProfilesList) },
  ...STORAGE_TYPES.flatMap((type) => [
    { path: `integrations/storage/${type}/:id`, element: editor(storageProfiles, StorageProfileEdit) },
    // The editor's way back (`..`) leads here: the list holds every type.
    { path: `integrations/storage/${type}`, element: <Navigate to="/integrations/storage" replace /> },
  ]),
  ...besideRoutes(cognitiveProfiles, COGNITIVE_EDIT_ROUTE, CognitiveProfilesList, CognitiveProfileEdit),
  ...besideRoutes(emailProfiles, EMAIL_PROFILE_EDIT_ROUTE, EmailProfilesList, EmailProfileEdit),
  ...resourceRoutes(importTemplates, { edit: ImportTemplateEdit }),
  ...resourceRoutes(triggers, { list: TriggersList, edit: TriggerEdit }),
];
