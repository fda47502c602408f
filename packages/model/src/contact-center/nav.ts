import { type NavSection, navOf } from '../nav-entry.js';
import { resourceGroups } from './resource-groups.js';
import { resources } from './resources.js';

/**
 * Screens of the spec not defined yet: each entry says so inside the console. Defining the
 * resource replaces its entry here with `navOf(definition, key)`.
 */
export const contactCenterNav: NavSection = {
  area: 'contact-center',
  entries: [
    { key: 'agents', route: '/contact-center/agents', cls: 'cc_agent' },
    { key: 'teams', route: '/contact-center/teams', cls: 'cc_team' },
    navOf(resources, 'resources'),
    navOf(resourceGroups, 'resourceGroups'),
    { key: 'queues', route: '/contact-center/queues', cls: 'cc_queue' },
  ],
};
