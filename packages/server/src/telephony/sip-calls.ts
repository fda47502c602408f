import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { queryRows } from '../resources/engine/sql.js';
import { decideRoute, type RouteInput } from './route.js';

export type CallInput = {
  realm: string;
  /** The caller's account (an authenticated device), or the number a trunk presents. */
  caller: string;
  callerName?: string;
  destination: string;
  callId: string;
  /** Set when the call came from a trunking gateway admitted by its ipacl. */
  gateway?: number;
};

/** What the SIP server does with the call. */
export type CallAnswer =
  | { action: 'route'; kind: 'device'; account: string; callerNumber?: string; callerName?: string }
  | { action: 'route'; kind: 'gateway'; uri: string; callerNumber?: string; callerName?: string }
  | { action: 'reject'; code: number; reason: string };

/**
 * Where a call goes: the routing decision (telephony/route.ts) for the caller, a device of the
 * realm or a trunking gateway admitted by its ipacl. The SIP server acts on the first target (a
 * device through its location, a gateway by its URI) or answers the refusal's code and reason.
 */
export async function routeCall(ctx: AppContext, input: CallInput, log: FastifyBaseLogger): Promise<CallAnswer> {
  const [domain] = await queryRows<{ id: number }>(
    ctx.db,
    sql`select id from domains where lower(name) = ${input.realm}`,
  );
  if (!domain) return { action: 'reject', code: 404, reason: 'Unknown realm' };
  let from: RouteInput['from'];
  if (input.gateway !== undefined) {
    const [gateway] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from sip_gateways where id = ${input.gateway} and domain_id = ${domain.id} and enable and not register`,
    );
    if (!gateway) return { action: 'reject', code: 403, reason: 'Gateway not admitted' };
    from = { kind: 'gateway', gatewayId: gateway.id };
  } else {
    const [device] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from devices where domain_id = ${domain.id} and lower(account) = lower(${input.caller})`,
    );
    if (!device) return { action: 'reject', code: 403, reason: 'Unknown caller' };
    from = { kind: 'device', deviceId: device.id };
  }
  const decision = await decideRoute(
    ctx,
    {
      domainId: domain.id,
      from,
      callerNumber: input.caller,
      callerName: input.callerName,
      destination: input.destination,
      callId: input.callId,
    },
    { log },
  );
  if (decision.action === 'reject') {
    log.info(
      { callId: input.callId, code: decision.code, step: decision.step },
      `sip call refused: ${decision.reason}`,
    );
    return { action: 'reject', code: decision.code, reason: decision.reason };
  }
  const [target] = decision.targets;
  if (!target) return { action: 'reject', code: 480, reason: 'No target' };
  const caller = { callerNumber: decision.callerNumber, callerName: decision.callerName };
  if (target.type === 'device') return { action: 'route', kind: 'device', account: target.account, ...caller };
  return { action: 'route', kind: 'gateway', uri: target.uri, ...caller };
}
