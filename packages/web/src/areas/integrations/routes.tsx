import {
  COGNITIVE_EDIT_ROUTE,
  cognitiveProfiles,
  emailProfiles,
  STORAGE_TYPES,
  storageProfiles,
  triggers,
} from '@switchboard/model';
import { Navigate, type RouteObject } from 'react-router';
import { editor, guarded, resourceRoutes, screen } from '../../app/resource-routes';

const StorageProfilesList = screen(() => import('./storage/StorageProfilesList'), 'StorageProfilesList');
const StorageProfileEdit = screen(() => import('./storage/StorageProfileEdit'), 'StorageProfileEdit');
const CognitiveProfilesList = screen(() => import('./cognitive/CognitiveProfilesList'), 'CognitiveProfilesList');
const CognitiveProfileEdit = screen(() => import('./cognitive/CognitiveProfileEdit'), 'CognitiveProfileEdit');
const cognitiveEdit = COGNITIVE_EDIT_ROUTE.slice(1);
const EmailProfilesList = screen(() => import('./email/EmailProfilesList'), 'EmailProfilesList');
const EmailProfileEdit = screen(() => import('./email/EmailProfileEdit'), 'EmailProfileEdit');
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
  { path: 'integrations/cognitive-profiles', element: guarded(cognitiveProfiles, CognitiveProfilesList) },
  // The spec puts the editor beside the list (`cognitive-profile/{id}`); its way back (`..`) leads to the list.
  { path: `${cognitiveEdit}/:id`, element: editor(cognitiveProfiles, CognitiveProfileEdit) },
  { path: cognitiveEdit, element: <Navigate to={cognitiveProfiles.route} replace /> },
  { path: 'integrations/email-profiles', element: guarded(emailProfiles, EmailProfilesList) },
  // The spec names the editor in the singular: `email-profile/new`, `email-profile/{id}`.
  { path: 'integrations/email-profile/:id', element: editor(emailProfiles, EmailProfileEdit) },
  { path: 'integrations/email-profile', element: <Navigate to="/integrations/email-profiles" replace /> },
  ...resourceRoutes(triggers, { list: TriggersList, edit: TriggerEdit }),
];
