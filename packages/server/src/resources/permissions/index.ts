import type { FastifyInstance } from 'fastify';
import { registerClassAccessRoutes } from '../../access/class-grants.js';
import { registerRoleClassRoutes } from '../../access/role-classes.js';
import type { ServerArea } from '../engine/area.js';
import { objclassResource } from './objclass.js';
import { registerPermissionsRoute, rolesResource } from './roles.js';

export const permissions: ServerArea = {
  resources: [rolesResource, objclassResource],
  register(app: FastifyInstance) {
    registerPermissionsRoute(app);
    registerClassAccessRoutes(app);
    registerRoleClassRoutes(app);
  },
};
