import { type NavSection, navOf } from '../nav-entry.js';
import { agents } from './agents.js';
import { queues } from './queues.js';
import { resourceGroups } from './resource-groups.js';
import { resources } from './resources.js';
import { teams } from './teams.js';

/**
 * The area's navigation, in the spec's order. Screens not defined yet say so inside the console;
 * defining the resource replaces its entry here with `navOf(definition, key)`.
 */
export const contactCenterNav: NavSection = {
  area: 'contact-center',
  entries: [
    navOf(agents, 'agents'),
    navOf(teams, 'teams'),
    navOf(resources, 'resources'),
    navOf(resourceGroups, 'resourceGroups'),
    navOf(queues, 'queues'),
  ],
};
