import type { FastifyInstance } from 'fastify';
import { registerClassAccessRoutes } from '../access/class-grants.js';
import { registerRoleClassRoutes } from '../access/role-classes.js';
import './directory/devices/events.js';
import { devicesResource } from './directory/devices/devices.js';
import { registerDeviceRoutes } from './directory/devices/routes.js';
import { registerLicenseRoutes } from './directory/licenses.js';
import './routing/sip-gateways/events.js';
import { registerTwoFactorRoutes } from '../auth/two-factor-routes.js';
import { registerUserAuditRoute } from './directory/users/audit.js';
import { registerUserPresenceRoutes } from './directory/users/presence.js';
import { registerUserSettingsRoutes } from './directory/users/settings.js';
import { registerUserTokenRoutes } from './directory/users/tokens.js';
import { usersResource } from './directory/users/users.js';
import type { ServerResource } from './engine/define.js';
import { blacklistsResource } from './lookups/blacklists/blacklists.js';
import { blacklistNumbersResource, registerBlacklistNumberRoutes } from './lookups/blacklists/numbers.js';
import { bucketsResource } from './lookups/buckets.js';
import { calendarsResource } from './lookups/calendars.js';
import { communicationTypesResource } from './lookups/communication-types.js';
import { mediaResource, registerMediaRoutes } from './lookups/media/media.js';
import { pauseCausesResource } from './lookups/pause-causes.js';
import { regionsResource } from './lookups/regions.js';
import { skillsResource } from './lookups/skills.js';
import { registerTimezoneRoute } from './lookups/timezones.js';
import { objclassResource } from './permissions/objclass.js';
import { registerPermissionsRoute, rolesResource } from './permissions/roles.js';
import { chatGatewaysResource } from './routing/chat-gateways/chat-gateways.js';
import { registerChatPageRoutes } from './routing/chat-gateways/pages.js';
import { chatplanResource } from './routing/chatplan.js';
import { dialplanResource } from './routing/dialplan/dialplan.js';
import { registerDialplanRoutes } from './routing/dialplan/routes.js';
import { flowsResource } from './routing/flows/flows.js';
import { registerFlowRoutes } from './routing/flows/routes.js';
import { sipGatewaysResource } from './routing/sip-gateways/sip-gateways.js';
import { loggerConfigResource } from './system/logger/config.js';
import { registerLoggerRoutes } from './system/logger/routes.js';

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
