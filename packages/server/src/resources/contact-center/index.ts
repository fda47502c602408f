import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import './events.js';
import './queue-events.js';
import './queue-attempt-event.js';
import { agentSkillsResource, skillAgentsResource } from './agent-skills.js';
import { agentsResource } from './agents.js';
import { agentStatesResource } from './history.js';
import { queueMembersResource, registerQueueMemberRoutes } from './queue-members.js';
import {
  queueAgentsResource,
  queueAttemptsResource,
  queueBucketsResource,
  queueHooksResource,
  queueResourceGroupsResource,
  queueSkillsResource,
} from './queue-sublists.js';
import { queuesResource } from './queues.js';
import { resourceGroupResourcesResource, resourceGroupsResource } from './resource-groups.js';
import { resourceDisplaysResource, resourcesResource } from './resources.js';
import { registerContactCenterRoutes } from './routes.js';
import { teamsResource } from './teams.js';

/** The contact center: agents, teams, resources and resource groups, with their sub-lists. */
export const contactCenter: ServerArea = {
  resources: [
    agentsResource,
    teamsResource,
    agentSkillsResource,
    skillAgentsResource,
    agentStatesResource,
    resourcesResource,
    resourceDisplaysResource,
    resourceGroupsResource,
    resourceGroupResourcesResource,
    queuesResource,
    queueSkillsResource,
    queueBucketsResource,
    queueResourceGroupsResource,
    queueHooksResource,
    queueAgentsResource,
    queueAttemptsResource,
    queueMembersResource,
  ],
  register(app: FastifyInstance) {
    registerContactCenterRoutes(app);
    registerQueueMemberRoutes(app);
  },
};
