import type { NavSection } from '../nav-entry.js';

/**
 * Screens of the spec not defined yet: each entry says so inside the console. Defining the
 * resource replaces its entry here with `navOf(definition, key)`.
 */
export const contactCenterNav: NavSection = {
  area: 'contact-center',
  entries: [
    { key: 'agents', route: '/contact-center/agents', cls: 'cc_agent' },
    { key: 'teams', route: '/contact-center/teams', cls: 'cc_team' },
    { key: 'resources', route: '/contact-center/resources', cls: 'cc_resource' },
    { key: 'resourceGroups', route: '/contact-center/resource-groups', cls: 'cc_resource_group' },
    { key: 'queues', route: '/contact-center/queues', cls: 'cc_queue' },
  ],
};
