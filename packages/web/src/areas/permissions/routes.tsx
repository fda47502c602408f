import { objclass, roles } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { guarded, resourceRoutes, screen } from '../../app/resource-routes';

const RolesList = screen(() => import('./roles/RolesList'), 'RolesList');
const RoleEdit = screen(() => import('./roles/RoleEdit'), 'RoleEdit');
const ObjectsList = screen(() => import('./objects/ObjectsList'), 'ObjectsList');
const ObjectEdit = screen(() => import('./objects/ObjectEdit'), 'ObjectEdit');

/** Permissions routes, relative to the admin layout; each screen loads on demand. */
export const routes: RouteObject[] = [
  ...resourceRoutes(roles, { list: RolesList, edit: RoleEdit }),
  { path: 'permissions/objects', element: guarded(objclass, ObjectsList) },
  { path: 'permissions/objects/:id', element: guarded(objclass, ObjectEdit) },
];
