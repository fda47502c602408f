import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import { loggerConfigResource } from './logger/config.js';
import { loggerConfigLogsResource, userLogsResource } from './logger/entries.js';
import { loggerConfigExportsResource, registerLoggerExportRoutes } from './logger/exports.js';
import { registerLoggerRoutes } from './logger/routes.js';

export const system: ServerArea = {
  resources: [loggerConfigResource, loggerConfigLogsResource, loggerConfigExportsResource, userLogsResource],
  register(app: FastifyInstance) {
    registerLoggerRoutes(app);
    registerLoggerExportRoutes(app);
  },
};
