export * from './access.js';
export * from './constants.js';
export * from './contact-center/index.js';
export * from './csv.js';
export * from './define.js';
export * from './directory/devices.js';
export * from './directory/licenses.js';
export * from './directory/two-factor.js';
export * from './directory/users.js';
export * from './errors.js';
export * from './filters.js';
export * from './imports.js';
export * from './integrations/index.js';
export * from './lookups/index.js';
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

import { contactCenterNested, contactCenterResources } from './contact-center/index.js';
import { deviceHistory, devices } from './directory/devices.js';
import { licenseUsers } from './directory/licenses.js';
import { userLogs, users, userTokens } from './directory/users.js';
import { integrationsNested, integrationsResources } from './integrations/index.js';
import { lookupsNested, lookupsResources } from './lookups/index.js';
import { objclass } from './permissions/objclass.js';
import { roles } from './permissions/roles.js';
import type { ResourceDef } from './resource.js';
import { chatGateways } from './routing/chat-gateways.js';
import { chatplan } from './routing/chatplan.js';
import { dialplan } from './routing/dialplan.js';
import { flows, flowVersions } from './routing/flows.js';
import { sipGateways } from './routing/sip-gateways.js';
import { loggerConfig, loggerConfigExports, loggerConfigLogs } from './system/logger-config.js';

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
  ...lookupsResources,
  ...contactCenterResources,
  sipGateways,
  chatGateways,
  ...integrationsResources,
] as const;

/** Resources served under a record of another (see `ResourceDef.parent`). */
export const NESTED_RESOURCES: readonly ResourceDef[] = [
  ...lookupsNested,
  ...contactCenterNested,
  userTokens,
  userLogs,
  deviceHistory,
  licenseUsers,
  flowVersions,
  loggerConfigLogs,
  loggerConfigExports,
  ...integrationsNested,
] as const;
