import { objclass } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { guarded, screen } from '../../app/resource-routes';

const ObjectsList = screen(() => import('./objects/ObjectsList'), 'ObjectsList');
const ObjectEdit = screen(() => import('./objects/ObjectEdit'), 'ObjectEdit');

/** Permissions routes of their own shape, relative to the admin layout (see `areas/screens.tsx`). */
export const routes: RouteObject[] = [
  { path: 'permissions/objects', element: guarded(objclass, ObjectsList) },
  { path: 'permissions/objects/:id', element: guarded(objclass, ObjectEdit) },
];
