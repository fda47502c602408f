import type { NavSection } from '../nav-entry.js';
import { navOf } from '../nav-entry.js';
import { loggerConfig } from './logger-config.js';

export const systemNav: NavSection = {
  area: 'system',
  // The change logs are guarded by a global permission, not a class.
  entries: [navOf(loggerConfig, 'changelogs', 'systemSetting')],
};
