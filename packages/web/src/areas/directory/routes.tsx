import { devices, licenses } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { guarded, screen, variantRoutes } from '../../app/resource-routes';

const LicensesList = screen(() => import('./license/LicensesList'), 'LicensesList');
const LicenseUsers = screen(() => import('./license/LicenseUsers'), 'LicenseUsers');
const HotdeskEdit = screen(() => import('./devices/DeviceEdit'), 'HotdeskEdit');

/** Directory routes of their own shape, relative to the admin layout (see `areas/screens.tsx`). */
export const routes: RouteObject[] = [
  // Licenses have no access class: every signed-in user may read them (spec part 1 section 6).
  { path: 'directory/license', element: guarded(licenses, LicensesList) },
  { path: 'directory/license/:id', element: guarded(licenses, LicenseUsers) },
  // The hotdesk editor's way back leads to the devices, not to an editor of a device called "hotdesk".
  ...variantRoutes(devices, { hotdesk: HotdeskEdit }),
];
