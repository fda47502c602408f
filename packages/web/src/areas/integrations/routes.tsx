import { STORAGE_TYPES, storageProfiles, triggers } from '@switchboard/model';
import { Navigate, type RouteObject } from 'react-router';
import { editor, guarded, resourceRoutes, screen } from '../../app/resource-routes';

const StorageProfilesList = screen(() => import('./storage/StorageProfilesList'), 'StorageProfilesList');
const StorageProfileEdit = screen(() => import('./storage/StorageProfileEdit'), 'StorageProfileEdit');
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
  ...resourceRoutes(triggers, { list: TriggersList, edit: TriggerEdit }),
];
