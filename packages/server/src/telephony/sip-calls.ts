import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { queryRows } from '../db/sql.js';
import { realmDomain } from '../resources/directory/sip-directory.js';
import { decideRoute, type RouteInput, type RouteTarget } from './route.js';
import { DomainDirectory } from './routing/directory.js';
import { hasPeers, remoteLocations, sipNodeAddress } from './sip-nodes.js';

export type CallInput = {
  /** The caller's realm (absent for a trunking gateway: its domain's). */
  realm?: string;
  /** The caller's account (an authenticated device), or the number a trunk presents. */
  caller: string;
  /** The From display name as Kamailio read it (quotes and all). */
  callerName?: string;
  destination: string;
  callId: string;
  /** Set when the call came from a trunking gateway admitted by its ipacl. */
  gateway?: number;
};

/**
 * One target of a routing decision, as the SIP server acts on it. `uri`: a device's address of
 * record (`sip:account@realm`, looked up in the location table), or a gateway's Request-URI.
 * `timeout`: seconds it may ring (the flow's leg_timeout), absent for the SIP server's default.
 * A device registered through another API node's SIP server is a `peer` target as well.
 */
export type CallTarget =
  | { kind: 'device'; uri: string; account: string; timeout?: number }
  | { kind: 'gateway'; uri: string; timeout?: number }
  /** A device registered through another node's SIP server: sent there (`via`, sip:host:port). */
  | { kind: 'peer'; uri: string; account: string; via: string; timeout?: number };

/** What the SIP server does with the call. */
export type CallAnswer =
  | {
      action: 'route';
      /** `multiple`: every target at once, the first to answer wins; `failover`: one after another. */
      mode: 'multiple' | 'failover';
      targets: CallTarget[];
      /** The realm of the call's domain (the device states it reports). */
      realm: string;
      /** The caller identity to present (after the flow's `set`). */
      callerNumber: string;
      callerName: string;
      /**
       * The From header of calls out through a gateway, when the decision changed the caller's
       * number or name: `display` ready to write (quoted, or empty for none) and `uri`.
       */
      from?: { display: string; uri: string };
    }
  | { action: 'reject'; code: number; reason: string };

/** A display name as written in a header: `"Sales"` → `Sales`, escapes undone. */
export function unquoteDisplay(value: string | undefined): string {
  const text = (value ?? '').trim();
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
  return m ? m[1].replace(/\\(.)/g, '$1') : text;
}

/** A display name as a quoted string (RFC 3261), control characters dropped; '' for none. */
export function quoteDisplay(value: string): string {
  const text = value.replace(/\p{Cc}/gu, '').trim();
  return text ? `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"` : '';
}

/** The user part of a SIP URI: characters outside RFC 3261's user set are %-escaped. */
export function sipUser(value: string): string {
  return value.replace(/[^A-Za-z0-9\-_.!~*'()&=+$,;?/]/g, (c) =>
    [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/**
 * A decision's target as the SIP server acts on it: a device through its contacts here, and
 * through each other node (`remote`, by device id) that holds a registration of it.
 */
function callTargets(t: RouteTarget, realm: string, remote: Map<number, string[]>): CallTarget[] {
  const timeout = t.timeout === undefined ? {} : { timeout: t.timeout };
  if (t.type === 'gateway') return [{ kind: 'gateway', uri: t.uri, ...timeout }];
  const uri = `sip:${sipUser(t.account.toLowerCase())}@${realm}`;
  return [
    { kind: 'device', uri, account: t.account, ...timeout },
    ...(remote.get(t.deviceId) ?? []).map((node) => ({
      kind: 'peer' as const,
      uri,
      account: t.account,
      via: `sip:${node}`,
      ...timeout,
    })),
  ];
}

/**
 * Where a call goes: the routing decision (telephony/route.ts) for the caller, a device of the
 * realm or a trunking gateway admitted by its ipacl, with all its targets, its mode and the
 * caller identity to present; or the refusal's code and reason.
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
    // The realm's domain and the caller's device, from what this node keeps of them.
    const found = input.realm === undefined ? null : await realmDomain(ctx, input.realm);
    if (!found) return { action: 'reject', code: 404, reason: 'Unknown realm' };
    domain = { id: found.id, name: found.name.toLowerCase() };
    const caller = await (await DomainDirectory.of(ctx, found.id)).device({ account: input.caller });
    if (!caller) return { action: 'reject', code: 403, reason: 'Unknown caller' };
    from = { kind: 'device', deviceId: caller.id };
  }
  const callerName = unquoteDisplay(input.callerName);
  const decision = await decideRoute(
    ctx,
    {
      domainId: domain.id,
      from,
      callerNumber: input.caller,
      callerName,
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
  if (!decision.targets.length) return { action: 'reject', code: 480, reason: 'No target' };
  const realm = domain.name;
  const present = { callerNumber: decision.callerNumber, callerName: decision.callerName ?? '' };
  const changed = present.callerNumber !== input.caller || present.callerName !== callerName;
  const outward = decision.targets.some((t) => t.type === 'gateway');
  // Devices registered through other nodes' SIP servers (looked up only when there are others).
  const self = ctx.config.sip ? sipNodeAddress(ctx.config.sip) : null;
  const devices = decision.targets.flatMap((t) => (t.type === 'device' ? [t.deviceId] : []));
  const remote =
    self && devices.length && hasPeers(self) ? await remoteLocations(ctx, devices, self) : new Map<number, string[]>();
  return {
    action: 'route',
    mode: decision.strategy,
    targets: decision.targets.flatMap((t) => callTargets(t, realm, remote)),
    realm,
    ...present,
    ...(changed && outward
      ? {
          from: {
            display: quoteDisplay(present.callerName),
            uri: `sip:${sipUser(present.callerNumber || input.caller)}@${realm}`,
          },
        }
      : {}),
  };
}
