import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { queryRows } from '../resources/engine/sql.js';

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
 * The device a dialled number reaches directly: a device account of the domain, or the extension
 * of an active user who has a device of their own.
 */
async function deviceDialled(ctx: AppContext, domainId: number, destination: string): Promise<string | null> {
  const [row] = await queryRows<{ account: string }>(
    ctx.db,
    sql`select account from devices where domain_id = ${domainId} and lower(account) = lower(${destination})
        union all
        select d.account from users u join devices d on d.id = u.device_id
        where u.domain_id = ${domainId} and u.extension = ${destination} and u.state
        limit 1`,
  );
  return row?.account ?? null;
}

/** Where a call goes: another device of the realm first, then the routing decision. */
export async function routeCall(ctx: AppContext, input: CallInput, log: FastifyBaseLogger): Promise<CallAnswer> {
  const [domain] = await queryRows<{ id: number }>(
    ctx.db,
    sql`select id from domains where lower(name) = ${input.realm}`,
  );
  if (!domain) return { action: 'reject', code: 404, reason: 'Unknown realm' };
  const device = await deviceDialled(ctx, domain.id, input.destination);
  if (device) return { action: 'route', kind: 'device', account: device };
  log.info({ realm: input.realm, destination: input.destination, callId: input.callId }, 'sip call: no route');
  return { action: 'reject', code: 404, reason: 'No route' };
}
