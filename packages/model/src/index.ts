export * from './access.js';
export * from './constants.js';
export * from './csv.js';
export * from './directory/devices.js';
export * from './directory/licenses.js';
export * from './directory/two-factor.js';
export * from './directory/users.js';
export * from './errors.js';
export * from './filters.js';
export * from './imports.js';
export * from './lookups/blacklists.js';
export * from './lookups/buckets.js';
export * from './lookups/calendars.js';
export * from './lookups/communication-types.js';
export * from './lookups/ics.js';
export * from './lookups/media.js';
export * from './lookups/pause-causes.js';
export * from './lookups/regions.js';
export * from './lookups/skills.js';
export * from './lookups/timezones.js';
export * from './messages.js';
export * from './nav.js';
export * from './permissions/objclass.js';
export * from './permissions/roles.js';
export * from './resource.js';
export * from './routing/chat-gateways.js';
export * from './routing/chatplan.js';
export * from './routing/dialplan.js';
export * from './routing/flows.js';
export * from './routing/image-size.js';
export * from './routing/sip-gateways.js';
export * from './routing/webchat.js';
export * from './system/logger-config.js';
export * from './validation.js';

import { deviceHistory, devices } from './directory/devices.js';
import { licenseUsers } from './directory/licenses.js';
import { userLogs, users, userTokens } from './directory/users.js';
import { blacklistNumbers, blacklists } from './lookups/blacklists.js';
import { buckets } from './lookups/buckets.js';
import { calendars } from './lookups/calendars.js';
import { communicationTypes } from './lookups/communication-types.js';
import { pauseCauses } from './lookups/pause-causes.js';
import { regions } from './lookups/regions.js';
import { skills } from './lookups/skills.js';
import { objclass } from './permissions/objclass.js';
import { roles } from './permissions/roles.js';
import type { ResourceDef } from './resource.js';
import { chatGateways } from './routing/chat-gateways.js';
import { chatplan } from './routing/chatplan.js';
import { dialplan } from './routing/dialplan.js';
import { flows, flowVersions } from './routing/flows.js';
import { sipGateways } from './routing/sip-gateways.js';
import { loggerConfig, loggerConfigLogs } from './system/logger-config.js';

/** Every declared resource; the server, the console and the generated tests iterate it. */
export const RESOURCES: readonly ResourceDef[] = [
  users,
  devices,
  roles,
  objclass,
  loggerConfig,
  flows,
  dialplan,
  chatplan,
  calendars,
  regions,
  skills,
  buckets,
  blacklists,
  communicationTypes,
  pauseCauses,
  sipGateways,
  chatGateways,
] as const;

/** Resources served under a record of another (see `ResourceDef.parent`). */
export const NESTED_RESOURCES: readonly ResourceDef[] = [
  blacklistNumbers,
  userTokens,
  userLogs,
  deviceHistory,
  licenseUsers,
  flowVersions,
  loggerConfigLogs,
] as const;
