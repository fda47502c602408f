import { devices, licenses, users } from '@switchboard/model';
import { Navigate, type RouteObject } from 'react-router';
import { editor, guarded, resourceRoutes, screen } from '../../app/resource-routes';

const LicensesList = screen(() => import('./license/LicensesList'), 'LicensesList');
const LicenseUsers = screen(() => import('./license/LicenseUsers'), 'LicenseUsers');
const UsersList = screen(() => import('./users/UsersList'), 'UsersList');
const UserEdit = screen(() => import('./users/UserEdit'), 'UserEdit');
const DevicesList = screen(() => import('./devices/DevicesList'), 'DevicesList');
const DeviceEdit = screen(() => import('./devices/DeviceEdit'), 'DeviceEdit');
const HotdeskEdit = screen(() => import('./devices/DeviceEdit'), 'HotdeskEdit');

/** Directory routes, relative to the admin layout; each screen loads on demand. */
export const routes: RouteObject[] = [
  // Licenses have no access class: every signed-in user may read them (spec part 1 section 6).
  { path: 'directory/license', element: guarded(licenses, LicensesList) },
  { path: 'directory/license/:id', element: guarded(licenses, LicenseUsers) },
  ...resourceRoutes(users, { list: UsersList, edit: UserEdit }),
  ...resourceRoutes(devices, { list: DevicesList, edit: DeviceEdit }),
  { path: 'directory/devices/hotdesk/:id', element: editor(devices, HotdeskEdit) },
  // The hotdesk editor's way back (`..`) leads here, not to an editor of a device called "hotdesk".
  { path: 'directory/devices/hotdesk', element: <Navigate to="/directory/devices" replace /> },
];
