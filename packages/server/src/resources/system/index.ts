import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import { loggerConfigResource } from './logger/config.js';
import { registerLoggerRoutes } from './logger/routes.js';

export const system: ServerArea = {
  resources: [loggerConfigResource],
  register(app: FastifyInstance) {
    registerLoggerRoutes(app);
  },
};
