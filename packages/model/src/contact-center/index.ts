// The contact-center area in one place: its definitions, the ones every part serves and its
// navigation entries.
import type { ResourceDef } from '../resource.js';
import { agentSkills, agentStates, agents, skillAgents } from './agents.js';
import { teams } from './teams.js';

export * from './agents.js';
export * from './nav.js';
export * from './teams.js';

/** The area's resources the engine serves (flat). */
export const contactCenterResources: readonly ResourceDef[] = [agents, teams];

/** Resources served under a record of another. */
export const contactCenterNested: readonly ResourceDef[] = [agentSkills, agentStates, skillAgents];
