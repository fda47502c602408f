import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import { registerClassAccessRoutes } from './class-grants.js';
import { objclassResource } from './objclass.js';
import { registerRoleClassRoutes } from './role-classes.js';
import { registerPermissionsRoute, rolesResource } from './roles.js';

export const permissions: ServerArea = {
  resources: [rolesResource, objclassResource],
  register(app: FastifyInstance) {
    registerPermissionsRoute(app);
    registerClassAccessRoutes(app);
    registerRoleClassRoutes(app);
  },
};
