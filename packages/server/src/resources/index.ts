import type { FastifyInstance } from 'fastify';
import { registerClassAccessRoutes } from '../access/class-grants.js';
import { registerRoleClassRoutes } from '../access/role-classes.js';
import './directory/device-events.js';
import { registerDeviceRoutes } from './directory/device-routes.js';
import { devicesResource } from './directory/devices.js';
import { registerLicenseRoutes } from './directory/licenses.js';
import './routing/gateway-events.js';
import { registerTwoFactorRoutes } from '../auth/two-factor-routes.js';
import { registerUserAuditRoute } from './directory/user-audit.js';
import { registerUserPresenceRoutes } from './directory/user-presence.js';
import { registerUserSettingsRoutes } from './directory/user-settings.js';
import { registerUserTokenRoutes } from './directory/user-tokens.js';
import { usersResource } from './directory/users.js';
import type { ServerResource } from './engine/define.js';
import { blacklistNumbersResource, registerBlacklistNumberRoutes } from './lookups/blacklist-numbers.js';
import { blacklistsResource } from './lookups/blacklists.js';
import { bucketsResource } from './lookups/buckets.js';
import { calendarsResource } from './lookups/calendars.js';
import { communicationTypesResource } from './lookups/communication-types.js';
import { mediaResource, registerMediaRoutes } from './lookups/media.js';
import { pauseCausesResource } from './lookups/pause-causes.js';
import { regionsResource } from './lookups/regions.js';
import { skillsResource } from './lookups/skills.js';
import { registerTimezoneRoute } from './lookups/timezones.js';
import { objclassResource } from './permissions/objclass.js';
import { registerPermissionsRoute, rolesResource } from './permissions/roles.js';
import { chatGatewaysResource } from './routing/chat-gateways.js';
import { registerChatPageRoutes } from './routing/chat-pages.js';
import { chatplanResource, dialplanResource } from './routing/dialplan.js';
import { registerDialplanRoutes } from './routing/dialplan-routes.js';
import { registerFlowRoutes } from './routing/flow-routes.js';
import { flowsResource } from './routing/flows.js';
import { sipGatewaysResource } from './routing/sip-gateways.js';
import { loggerConfigResource } from './system/logger-config.js';
import { registerLoggerRoutes } from './system/logger-routes.js';

/** Every model resource the server serves, by its definition's name. */
export const SERVER_RESOURCES: readonly ServerResource[] = [
  usersResource,
  devicesResource,
  rolesResource,
  objclassResource,
  loggerConfigResource,
  flowsResource,
  dialplanResource,
  chatplanResource,
  mediaResource,
  calendarsResource,
  regionsResource,
  skillsResource,
  bucketsResource,
  blacklistsResource,
  blacklistNumbersResource,
  communicationTypesResource,
  pauseCausesResource,
  sipGatewaysResource,
  chatGatewaysResource,
];

/** Registers the generic resources and the routes special to some of them. */
export async function registerResources(app: FastifyInstance) {
  for (const resource of SERVER_RESOURCES) resource.register(app);
  registerUserPresenceRoutes(app);
  registerUserTokenRoutes(app);
  registerUserSettingsRoutes(app);
  registerTwoFactorRoutes(app);
  registerUserAuditRoute(app);
  registerDeviceRoutes(app);
  registerPermissionsRoute(app);
  registerClassAccessRoutes(app);
  registerRoleClassRoutes(app);
  registerLoggerRoutes(app);
  registerFlowRoutes(app);
  registerDialplanRoutes(app);
  await registerMediaRoutes(app);
  registerTimezoneRoute(app);
  registerBlacklistNumberRoutes(app);
  registerLicenseRoutes(app);
  registerChatPageRoutes(app);
}
