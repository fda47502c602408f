import { SIP_REGISTRATION_STATES } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { keyedError, keyedField } from '../../../core/errors.js';
import { queryRows } from '../../../db/sql.js';
import { registerTopic } from '../../../events/hub.js';
import { registerTelephonyEvent } from '../../../events/telephony.js';

/** Registration changes of SIP gateways reach the browsers of those who may read gateways. */
registerTopic('gateways', { cls: 'gateways' });

/**
 * A register gateway's registration status changed on the telephony side: `{type: 'gateway',
 * id | name, state}` with state success, failed, in_progress or not_registered. The gateway is
 * named by id or by name (any case); a trunk has no registration (400).
 */
registerTelephonyEvent(
  'gateway',
  z.object({
    id: z.number().int().positive().optional(),
    name: z.string().trim().min(1).optional(),
    state: z.enum(SIP_REGISTRATION_STATES),
  }),
  async (tx, e, { principal }) => {
    if (e.id === undefined && e.name === undefined) {
      throw keyedError(400, 'app.sipGateways.validation', 'gatewayUnnamed', {}, [keyedField('name', 'gatewayUnnamed')]);
    }
    const [row] = await queryRows<{ id: number; name: string; register: boolean; r_state: string }>(
      tx,
      e.id !== undefined
        ? sql`select id, name, register, r_state from sip_gateways
              where id = ${e.id} and domain_id = ${principal.domainId} for update`
        : sql`select id, name, register, r_state from sip_gateways
              where lower(name) = lower(${e.name}) and domain_id = ${principal.domainId} for update`,
    );
    if (!row) {
      const field = e.id !== undefined ? 'id' : 'name';
      const params = { gateway: e.id ?? `"${e.name}"` };
      throw keyedError(404, 'app.sipGateways.not_found', 'gatewayNotFound', params, [
        keyedField(field, 'gatewayNotFound', params),
      ]);
    }
    if (!row.register) {
      const params = { name: row.name };
      throw keyedError(400, 'app.sipGateways.not_register', 'gatewayTrunk', params, [
        keyedField('state', 'gatewayTrunk', params),
      ]);
    }
    const changed = row.r_state !== e.state;
    if (changed) await tx.execute(sql`update sip_gateways set r_state = ${e.state} where id = ${row.id}`);
    return {
      result: { gateway: { id: row.id, name: row.name }, state: e.state, changed },
      publish: changed ? [{ topic: 'gateways', data: { id: row.id, rState: e.state } }] : [],
    };
  },
);
