import type { NavSection } from '../nav-entry.js';
import { navOf } from '../nav-entry.js';
import { devices } from './devices.js';
import { licenses } from './licenses.js';
import { users } from './users.js';

export const directoryNav: NavSection = {
  area: 'directory',
  entries: [navOf(licenses, 'license'), navOf(users, 'users'), navOf(devices, 'devices')],
};
