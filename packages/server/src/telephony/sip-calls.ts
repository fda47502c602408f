import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { queryRows } from '../resources/engine/sql.js';
import { decideRoute, type RouteInput } from './route.js';

export type CallInput = {
  /** The caller's realm (absent for a trunking gateway: its domain's). */
  realm?: string;
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
  | { action: 'route'; kind: 'device'; account: string; realm: string; callerNumber?: string; callerName?: string }
  | { action: 'route'; kind: 'gateway'; uri: string; callerNumber?: string; callerName?: string }
  | { action: 'reject'; code: number; reason: string };

/**
 * Where a call goes: the routing decision (telephony/route.ts) for the caller, a device of the
 * realm or a trunking gateway admitted by its ipacl. The SIP server acts on the first target (a
 * device through its location, a gateway by its URI) or answers the refusal's code and reason.
 */
export async function routeCall(ctx: AppContext, input: CallInput, log: FastifyBaseLogger): Promise<CallAnswer> {
  let domain: { id: number; name: string } | undefined;
  let from: RouteInput['from'];
  if (input.gateway !== undefined) {
    // Kamailio admitted the call by the gateway's ipacl: the gateway names the domain.
    const [gateway] = await queryRows<{ id: number; domain_id: number; domain: string }>(
      ctx.db,
      sql`select g.id, g.domain_id, lower(d.name) as domain from sip_gateways g join domains d on d.id = g.domain_id
          where g.id = ${input.gateway} and g.enable and not g.register`,
    );
    if (!gateway) return { action: 'reject', code: 403, reason: 'Gateway not admitted' };
    domain = { id: gateway.domain_id, name: gateway.domain };
    from = { kind: 'gateway', gatewayId: gateway.id };
  } else {
    [domain] = await queryRows<{ id: number; name: string }>(
      ctx.db,
      sql`select id, lower(name) as name from domains where lower(name) = ${input.realm ?? ''}`,
    );
    if (!domain) return { action: 'reject', code: 404, reason: 'Unknown realm' };
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
  if (target.type === 'device') {
    return { action: 'route', kind: 'device', account: target.account, realm: domain.name, ...caller };
  }
  return { action: 'route', kind: 'gateway', uri: target.uri, ...caller };
}
