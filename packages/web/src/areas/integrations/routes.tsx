import {
  COGNITIVE_EDIT_ROUTE,
  cognitiveProfiles,
  EMAIL_PROFILE_EDIT_ROUTE,
  emailProfiles,
  STORAGE_TYPES,
  storageProfiles,
} from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { besideRoutes, guarded, screen, variantRoutes } from '../../app/resource-routes';

const StorageProfilesList = screen(() => import('./storage/StorageProfilesList'), 'StorageProfilesList');
const StorageProfileEdit = screen(() => import('./storage/StorageProfileEdit'), 'StorageProfileEdit');
const CognitiveProfilesList = screen(() => import('./BesideLists'), 'CognitiveProfilesList');
const CognitiveProfileEdit = screen(() => import('./cognitive/CognitiveProfileEdit'), 'CognitiveProfileEdit');
const EmailProfilesList = screen(() => import('./BesideLists'), 'EmailProfilesList');
const EmailProfileEdit = screen(() => import('./email/EmailProfileEdit'), 'EmailProfileEdit');

/** Integrations routes of their own shape, relative to the admin layout (see `areas/screens.tsx`). */
export const routes: RouteObject[] = [
  { path: 'integrations/storage', element: guarded(storageProfiles, StorageProfilesList) },
  // One list holds every type; each type's editor is the same screen.
  ...variantRoutes(storageProfiles, Object.fromEntries(STORAGE_TYPES.map((type) => [type, StorageProfileEdit]))),
  ...besideRoutes(cognitiveProfiles, COGNITIVE_EDIT_ROUTE, CognitiveProfilesList, CognitiveProfileEdit),
  ...besideRoutes(emailProfiles, EMAIL_PROFILE_EDIT_ROUTE, EmailProfilesList, EmailProfileEdit),
];
