import {
  DEVICE_STATES,
  deviceAuditQuery,
  deviceHistory,
  deviceImportRow,
  deviceRegistration,
  devices,
  messages,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { doc, idParamDoc, parseBody } from '../../../core/route.js';
import { signedInRoute } from '../../../core/signed-in.js';
import { deviceUserAudit } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { recordOf } from '../../engine/record-of.js';
import { registerImporter } from '../../imports/importer.js';
import { devicesResource } from './devices.js';

const c = devicesResource.compiled;

/**
 * A device's usage history under the device (`/devices/{id}/users/audit`): read-only, newest
 * first, `q` on the user's name at log-in, `timeFrom`/`timeTo` (epoch ms) on the log-in time.
 */
export const deviceHistoryResource = defineServerResource(deviceHistory, {
  table: deviceUserAudit,
  parentLink: { column: deviceUserAudit.deviceId },
  fields: {
    user: {
      // The name as it was at log-in stays when the user is deleted later.
      select: `case when t.user_id is null and t.user_name = '' then null
        else json_build_object('id', t.user_id, 'name', coalesce((select ${"coalesce(nullif(u.name, ''), u.username)"} from users u where u.id = t.user_id), t.user_name)) end`,
    },
  },
  filtersDoc: deviceAuditQuery,
  listFilters: (query) => {
    const times = parseBody(deviceHistory.name, deviceAuditQuery, { timeFrom: query.timeFrom, timeTo: query.timeTo });
    const out = [];
    if (times.timeFrom !== undefined) out.push(sql`t.logged_in_at >= ${new Date(times.timeFrom).toISOString()}`);
    if (times.timeTo !== undefined) out.push(sql`t.logged_in_at <= ${new Date(times.timeTo).toISOString()}`);
    return out;
  },
});

/**
 * The device CSV import (`POST /devices/import`, the import pipeline): account required, name
 * (the account when empty), brand, model, mac, ip. An account is unique in the domain whatever
 * its case; new devices get their creator's record rights and a change-log entry, as a create does.
 */
registerImporter({
  def: devices as typeof devices & { import: NonNullable<typeof devices.import> },
  compiled: c,
  schema: deviceImportRow,
  prepare: (cells) => ({ ...cells, name: cells.name || cells.account }),
  keyField: 'account',
  key: (record) => (record.account as string).toLowerCase(),
  table: 'devices',
  columns: ['name', 'account', 'brand', 'model', 'mac', 'ip'].map((column) => ({
    column,
    value: (r: Record<string, unknown>) => r[column] as string,
  })),
  fixed: (scope) => ({ domain_id: scope.domainId }),
  takenKeys: (scope, params) => `select lower(account) from devices where domain_id = ${params.p(scope.domainId)}`,
  insertedKey: 'lower(account)',
  duplicateMessage: `${messages.accountRepeated} {{line}}`,
  takenMessage: messages.accountTaken,
  afterInsert: (scope, params, roles) => {
    const out: string[] = [];
    const domain = params.p(scope.domainId);
    if (roles.grants.size) {
      const grants = [...roles.grants].map(([role, bits]) => `(${params.p(role)}::int, ${params.p(bits)}::smallint)`);
      out.push(`insert into record_acl (domain_id, class, record_id, grantee_id, access)
        select ${domain}, 'devices', ins.id, g.role, g.access from ins cross join (values ${grants.join(', ')}) g(role, access)`);
    }
    out.push(`insert into logger_entries (domain_id, object, action, user_id, user_ip, record_id, new_state)
      select ${domain}, 'devices', 'create', ${params.p(scope.userId)}::int, ${params.p(scope.userIp)}, ins.id,
        jsonb_build_object('id', ins.id, 'name', ins.name, 'account', ins.account, 'brand', ins.brand,
          'model', ins.model, 'mac', ins.mac, 'ip', ins.ip)
      from ins where exists (
        select 1 from logger_config lc where lc.domain_id = ${domain} and lc.object = 'devices' and lc.enabled)`);
    return out;
  },
});

/**
 * Device routes beside the generic ones: registration state. The CSV export is the engine's
 * (`devices.export`), the import the import pipeline's.
 */
export function registerDeviceRoutes(app: FastifyInstance) {
  signedInRoute(app, {
    method: 'GET',
    url: '/api/devices/:id/registered',
    config: { guard: { class: 'devices', right: 'r' } },
    schema: doc('devices', 'Registration state of a device', {
      params: idParamDoc,
      response: { 200: deviceRegistration },
    }),
    handler: async (request) => {
      const { id, row: item } = await recordOf(request, c);
      const state = item.state as number;
      return {
        id,
        account: item.account,
        registered: state > 0,
        state,
        status: DEVICE_STATES[state] ?? DEVICE_STATES[0],
        stateChangedAt: item.stateChangedAt,
      };
    },
  });
}
