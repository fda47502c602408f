import { objclass, roles, users } from '@switchboard/model';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../app/lazy';
import { RequireAccess } from '../app/RequireAccess';

/** A screen module exports its component by name; lazyScreen wants it as the default. */
const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyScreen(() => load().then((m) => ({ default: m[name] })));

const UsersList = screen(() => import('./directory/users/UsersList'), 'UsersList');
const UserEdit = screen(() => import('./directory/users/UserEdit'), 'UserEdit');
const RolesList = screen(() => import('./permissions/roles/RolesList'), 'RolesList');
const RoleEdit = screen(() => import('./permissions/roles/RoleEdit'), 'RoleEdit');
const ObjectsList = screen(() => import('./permissions/objects/ObjectsList'), 'ObjectsList');
const ObjectEdit = screen(() => import('./permissions/objects/ObjectEdit'), 'ObjectEdit');

const guarded = (cls: string | null, Screen: ComponentType): RouteObject['element'] => (
  <RequireAccess cls={cls} right="r">
    <Screen />
  </RequireAccess>
);

/** Routes of the admin areas, relative to the admin layout; each screen loads on demand. */
export const adminRoutes: RouteObject[] = [
  { path: 'directory/users', element: guarded(users.objClass, UsersList) },
  { path: 'directory/users/:id', element: guarded(users.objClass, UserEdit) },
  { path: 'permissions/roles', element: guarded(roles.objClass, RolesList) },
  { path: 'permissions/roles/:id', element: guarded(roles.objClass, RoleEdit) },
  { path: 'permissions/objects', element: guarded(objclass.objClass, ObjectsList) },
  { path: 'permissions/objects/:id', element: guarded(objclass.objClass, ObjectEdit) },
];
