import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import './events.js';
import { agentSkillsResource, skillAgentsResource } from './agent-skills.js';
import { agentsResource } from './agents.js';
import { agentStatesResource } from './history.js';
import { registerContactCenterRoutes } from './routes.js';
import { teamsResource } from './teams.js';

export const contactCenter: ServerArea = {
  resources: [agentsResource, teamsResource, agentSkillsResource, skillAgentsResource, agentStatesResource],
  register(app: FastifyInstance) {
    registerContactCenterRoutes(app);
  },
};
