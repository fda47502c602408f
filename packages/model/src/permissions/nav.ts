import type { NavSection } from '../nav-entry.js';
import { navOf } from '../nav-entry.js';
import { objclass } from './objclass.js';
import { roles } from './roles.js';

export const permissionsNav: NavSection = {
  area: 'permissions',
  entries: [navOf(roles, 'roles'), navOf(objclass, 'objects')],
};
