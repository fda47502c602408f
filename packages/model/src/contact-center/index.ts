// The contact-center area in one place: its definitions, the lists every part serves (the
// server's routes, the console's screens, the generated tests) and its navigation entries.
import type { ResourceDef } from '../resource.js';
import { agentSkills, agentStates, agents, skillAgents } from './agents.js';
import { queueMembers } from './queue-members.js';
import {
  queueAgents,
  queueAttempts,
  queueBuckets,
  queueHooks,
  queueResourceGroups,
  queueSkills,
} from './queue-sublists.js';
import { queues } from './queues.js';
import { resourceGroupResources, resourceGroups } from './resource-groups.js';
import { resourceDisplays, resources } from './resources.js';
import { teams } from './teams.js';

export * from './agents.js';
export * from './error-ids.js';
export * from './nav.js';
export * from './queue-members.js';
export * from './queue-settings.js';
export * from './queue-sublists.js';
export * from './queues.js';
export * from './resource-groups.js';
export * from './resources.js';
export * from './teams.js';
export * from './time-ranges.js';

/** The area's resources the engine serves (flat; nested ones are listed with `NESTED_RESOURCES`). */
export const contactCenterResources: readonly ResourceDef[] = [agents, teams, resources, resourceGroups, queues];

/** Resources served under a record of another. */
export const contactCenterNested: readonly ResourceDef[] = [
  agentSkills,
  agentStates,
  skillAgents,
  resourceDisplays,
  resourceGroupResources,
  queueSkills,
  queueBuckets,
  queueResourceGroups,
  queueHooks,
  queueAgents,
  queueAttempts,
  queueMembers,
];
