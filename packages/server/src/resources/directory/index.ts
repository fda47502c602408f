import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import { registerTwoFactorRoutes } from './users/two-factor-routes.js';
import './devices/events.js';
import { devicesResource } from './devices/devices.js';
import { deviceHistoryResource, registerDeviceRoutes } from './devices/routes.js';
import { licenseUsersResource, registerLicenseRoutes } from './licenses.js';
import { registerUserPresenceRoutes } from './users/presence.js';
import { registerUserSettingsRoutes } from './users/settings.js';
import { userTokensResource } from './users/tokens.js';
import { usersResource } from './users/users.js';

export const directory: ServerArea = {
  resources: [usersResource, devicesResource, userTokensResource, deviceHistoryResource, licenseUsersResource],
  register(app: FastifyInstance) {
    registerUserPresenceRoutes(app);
    registerUserSettingsRoutes(app);
    registerTwoFactorRoutes(app);
    registerDeviceRoutes(app);
    registerLicenseRoutes(app);
  },
};
