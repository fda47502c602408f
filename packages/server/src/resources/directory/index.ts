import type { FastifyInstance } from 'fastify';
import { registerTwoFactorRoutes } from '../../auth/two-factor-routes.js';
import type { ServerArea } from '../engine/area.js';
import './devices/events.js';
import { devicesResource } from './devices/devices.js';
import { registerDeviceRoutes } from './devices/routes.js';
import { registerLicenseRoutes } from './licenses.js';
import { registerUserAuditRoute } from './users/audit.js';
import { registerUserPresenceRoutes } from './users/presence.js';
import { registerUserSettingsRoutes } from './users/settings.js';
import { registerUserTokenRoutes } from './users/tokens.js';
import { usersResource } from './users/users.js';

export const directory: ServerArea = {
  resources: [usersResource, devicesResource],
  register(app: FastifyInstance) {
    registerUserPresenceRoutes(app);
    registerUserTokenRoutes(app);
    registerUserSettingsRoutes(app);
    registerTwoFactorRoutes(app);
    registerUserAuditRoute(app);
    registerDeviceRoutes(app);
    registerLicenseRoutes(app);
  },
};
