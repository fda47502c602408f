import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { idParamDoc } from '../core/route.js';
import { signedInRoutes } from '../core/signed-in.js';
import { isoSql, queryRows } from '../db/sql.js';
import { publish } from '../events/hub.js';
import { applyTelephonyEvent, type TelephonyCaller } from '../events/telephony.js';
import { devicesResource } from '../resources/directory/devices/devices.js';
import { credentialsOf } from '../resources/directory/devices/sip-credentials.js';
import { realmDomain, watchSipDirectory } from '../resources/directory/sip-directory.js';
import { recordOf } from '../resources/engine/record-of.js';
import { watchRoutes } from '../resources/routing/dialplan/route-cache.js';
import { routeCall } from './sip-calls.js';
import { recordLocation, sipNodeAddress } from './sip-nodes.js';
import { BOUNDS_MS, recordSipAnswer, type SipAnswerKind, sipAnswerTimes } from './sip-stats.js';

/**
 * The routes the SIP server (Kamailio, run by telephony/kamailio.ts) calls, guarded by the shared
 * secret: a device's HA1, a call's route, and the events it reports. A realm is a domain's name.
 */

/** Requests the SIP server made of this process's API, by kind (tests and the bench read the deltas). */
export const sipApiCalls = { credentials: 0, route: 0, events: 0 };

/**
 * A question of the SIP server: `POST /api/telephony/sip/<kind>`, counted in sipApiCalls and the
 * time of each answer (from its arrival to its last byte) kept by kind.
 */
function sipQuestion(
  app: FastifyInstance,
  kind: SipAnswerKind,
  summary: string,
  body: z.ZodType,
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.route({
    method: 'POST',
    url: `/api/telephony/sip/${kind}`,
    config: { guard: 'telephony' },
    onResponse: async (_request, reply) => recordSipAnswer(kind, reply.elapsedTime),
    schema: { tags: ['telephony'], summary, body },
    handler: (request, reply) => {
      sipApiCalls[kind]++;
      return handler(request, reply);
    },
  });
}

const realm = z.string().trim().toLowerCase().min(1).max(255);
const account = z.string().trim().min(1).max(255);

const registration = z.object({
  type: z.enum(['registered', 'unregistered']),
  realm,
  account,
  contact: z.string().max(1024).default(''),
  ip: z.string().max(64).default(''),
  port: z.number().int().min(0).max(65535).optional(),
  transport: z.string().max(16).default(''),
  userAgent: z.string().max(512).default(''),
  expires: z.number().int().min(0).optional(),
});
const expiry = z.object({
  type: z.literal('expired'),
  aor: z.string().max(1024),
  contact: z.string().max(1024).default(''),
});
const callState = z.object({
  type: z.literal('call'),
  realm,
  account,
  state: z.enum(['ringing', 'dialing', 'dialog', 'onhold', 'reged']),
  callId: z.string().max(255).optional(),
});
const sipEvent = z.discriminatedUnion('type', [registration, expiry, callState]);
type SipEvent = z.output<typeof sipEvent>;

const deviceRegistrationEntry = z.object({
  id: z.number(),
  event: z.enum(['registered', 'unregistered', 'expired']),
  contact: z.string(),
  ip: z.string(),
  port: z.number().nullable(),
  transport: z.string(),
  userAgent: z.string(),
  expires: z.number().nullable(),
  at: z.string(),
});

type Registration = {
  event: 'registered' | 'unregistered' | 'expired';
  contact: string;
  ip?: string;
  port?: number;
  transport?: string;
  userAgent?: string;
  expires?: number;
};

/**
 * Adds a registration history entry: a registration unless the device is already registered from
 * the same contact (a refresh), an unregistration or expiry unless the last entry is one already.
 * Answers the device's id and whether an entry was written (null: no such device).
 */
async function recordRegistration(
  ctx: AppContext,
  domainId: number,
  acct: string,
  r: Registration,
): Promise<{ id: number; written: boolean } | null> {
  const [device] = await queryRows<{ id: number; event: string | null; contact: string | null }>(
    ctx.db,
    sql`select d.id, h.event, h.contact from devices d
        left join lateral (select event, contact from device_registrations
          where device_id = d.id order by at desc, id desc limit 1) h on true
        where d.domain_id = ${domainId} and lower(d.account) = lower(${acct})`,
  );
  if (!device) return null;
  const registered = device.event === 'registered';
  if (r.event === 'registered' ? registered && device.contact === r.contact : !registered) {
    return { id: device.id, written: false };
  }
  await ctx.db.execute(
    sql`insert into device_registrations (domain_id, device_id, event, contact, ip, port, transport, user_agent, expires)
        values (${domainId}, ${device.id}, ${r.event}, ${r.contact}, ${r.ip ?? ''}, ${r.port ?? null},
          ${r.transport ?? ''}, ${r.userAgent ?? ''}, ${r.expires ?? null})`,
  );
  return { id: device.id, written: true };
}

/** `sip:account@realm` (an address of record) split, or null. */
function splitAor(aor: string): { account: string; realm: string } | null {
  const m = /^(?:sips?:)?([^@;>]+)@([^;:>]+)/i.exec(aor.trim());
  return m ? { account: decodeURIComponent(m[1]), realm: m[2].toLowerCase() } : null;
}

/**
 * Refreshes: a phone registers again from the same contact every few minutes (behind NAT, every few
 * seconds), and such a refresh changes nothing the API keeps but its location's expiry. So a
 * registration from the contact of the last one applied in full for that account, within
 * REFRESH_WINDOW_MS of it and while the location written then outlives the window, is answered
 * without database work. Any other event of the account (an unregistration, an expiry, a call
 * state) forgets it, so the next registration is applied in full again.
 */
export const REFRESH_WINDOW_MS = 60_000;
const MAX_REFRESHES = 100_000;
type Refresh = { contact: string; at: number; until: number };
const refreshesOf = new WeakMap<AppContext, Map<string, Refresh>>();

function refreshes(ctx: AppContext): Map<string, Refresh> {
  const known = refreshesOf.get(ctx);
  if (known) return known;
  const map = new Map<string, Refresh>();
  refreshesOf.set(ctx, map);
  return map;
}

async function applySipEvent(ctx: AppContext, request: FastifyRequest, e: SipEvent): Promise<number> {
  const target = e.type === 'expired' ? splitAor(e.aor) : { account: e.account, realm: e.realm };
  if (!target) return 404;
  const key = `${target.realm}/${target.account.toLowerCase()}`;
  const seen = refreshes(ctx);
  const last = seen.get(key);
  const now = Date.now();
  if (e.type === 'registered' && last?.contact === e.contact && now - last.at < REFRESH_WINDOW_MS) {
    if (last.until - now > REFRESH_WINDOW_MS) return 200;
  }
  seen.delete(key);
  const code = await applySipEventInFull(ctx, request, e, target);
  if (e.type === 'registered' && code === 200 && e.expires !== undefined) {
    if (seen.size >= MAX_REFRESHES) seen.clear();
    seen.set(key, { contact: e.contact, at: now, until: now + e.expires * 1000 });
  }
  return code;
}

/** How many accounts' events of one batch are applied at once. */
export const EVENT_LANES = 4;

/**
 * A batch of the SIP server's events, one code each (400: malformed). One account's events are
 * applied in their order; different accounts' side by side, EVENT_LANES at a time, so a burst of
 * first registrations does not queue one behind another on the database.
 */
async function applySipEvents(ctx: AppContext, request: FastifyRequest, raws: unknown[]): Promise<number[]> {
  const codes: number[] = raws.map(() => 400);
  const lanes = new Map<string, { index: number; event: SipEvent }[]>();
  raws.forEach((raw, index) => {
    const parsed = sipEvent.safeParse(raw);
    if (!parsed.success) return;
    const e = parsed.data;
    const target = e.type === 'expired' ? splitAor(e.aor) : e;
    const key = target ? `${target.realm}/${target.account.toLowerCase()}` : `#${index}`;
    const lane = lanes.get(key) ?? [];
    lane.push({ index, event: e });
    lanes.set(key, lane);
  });
  const queue = [...lanes.values()];
  let next = 0;
  const work = async () => {
    while (next < queue.length) {
      for (const { index, event } of queue[next++]) codes[index] = await applySipEvent(ctx, request, event);
    }
  };
  await Promise.all(Array.from({ length: Math.min(EVENT_LANES, queue.length) }, work));
  return codes;
}

async function applySipEventInFull(
  ctx: AppContext,
  request: FastifyRequest,
  e: SipEvent,
  target: { account: string; realm: string },
): Promise<number> {
  const domain = await realmDomain(ctx, target.realm);
  if (!domain) return 404;
  const caller: TelephonyCaller = { app: ctx, principal: { domainId: domain.id }, request };
  if (e.type === 'call') {
    const answer = await applyTelephonyEvent(caller, { type: 'device.call', account: e.account, state: e.state });
    return answer.code;
  }
  // The history entry first: the presence change it publishes makes an open console read it.
  const { type: event, ...details } = e;
  const recorded = await recordRegistration(ctx, domain.id, target.account, { event, ...details } as Registration);
  // Which node's SIP server holds it: calls placed on other nodes are handed to this one.
  if (recorded !== null && ctx.config.sip) {
    const expires = e.type === 'registered' ? e.expires : undefined;
    await recordLocation(ctx, recorded.id, sipNodeAddress(ctx.config.sip), e.type === 'registered', expires);
  }
  const type = e.type === 'registered' ? 'device.registered' : 'device.unregistered';
  const answer = await applyTelephonyEvent(caller, { type, account: target.account });
  // A phone registering from a new contact while registered changes no presence, yet its history
  // has a new entry: the console is told, as for a change, so an open device follows it.
  if (recorded?.written && answer.code === 200 && answer.result?.changed === false) {
    const data = { id: recorded.id, account: target.account, state: answer.result.state };
    await publish(ctx, { domainId: domain.id, topic: 'devices', data });
  }
  return answer.code;
}

export async function registerSipRoutes(app: FastifyInstance) {
  const unwatch = await watchSipDirectory(app.ctx);
  app.addHook('onClose', async () => unwatch());
  const unwatchRoutes = await watchRoutes(app.ctx);
  app.addHook('onClose', async () => unwatchRoutes());
  const deviceRoute = signedInRoutes(app, {
    tag: 'devices',
    guard: { class: 'devices', right: 'r' },
    resource: 'devices',
  });
  deviceRoute('GET /api/devices/:id/registrations', 'Registration history of a device (newest first, the last 100)', {
    params: idParamDoc,
    response: { 200: z.object({ items: z.array(deviceRegistrationEntry) }) },
    handler: async (request) => {
      const { id } = await recordOf(request, devicesResource.compiled);
      const items = await queryRows<z.output<typeof deviceRegistrationEntry>>(
        request.server.ctx.db,
        sql`select id, event, contact, ip, port, transport, user_agent as "userAgent", expires,
              ${sql.raw(isoSql('at'))} as at
            from device_registrations where device_id = ${id} order by at desc, id desc limit 100`,
      );
      return { items };
    },
  });

  sipQuestion(
    app,
    'credentials',
    "The SIP server asks for a device's HA1 (404: no such account in the realm)",
    z.object({ realm, account }),
    async (request, reply) => {
      const body = request.body as { realm: string; account: string };
      const ha1 = await credentialsOf(request.server.ctx, body.realm, body.account);
      if (!ha1) return reply.status(404).send({ error: 'No such account' });
      return { ha1 };
    },
  );

  sipQuestion(
    app,
    'route',
    'The SIP server asks where a call goes: a device of the realm, a gateway URI, or a refusal',
    z.object({
      /** The caller's realm; absent for a call from a trunking gateway (the gateway's domain). */
      realm: realm.optional(),
      caller: account,
      callerName: z.string().max(255).optional(),
      destination: z.string().trim().min(1).max(255),
      callId: z.string().max(255).default(''),
      gateway: z.number().int().positive().optional(),
    }),
    async (request) => routeCall(request.server.ctx, request.body as Parameters<typeof routeCall>[1], request.log),
  );

  sipQuestion(
    app,
    'events',
    'Registrations, expiries and call states the SIP server saw, in order',
    z.array(z.unknown()).max(1000),
    async (request) => ({ codes: await applySipEvents(request.server.ctx, request, request.body as unknown[]) }),
  );

  const times = z.object({ count: z.number(), totalMs: z.number(), buckets: z.array(z.number()) });
  app.route({
    method: 'GET',
    url: '/api/telephony/sip/stats',
    config: { guard: 'telephony' },
    schema: {
      tags: ['telephony'],
      summary:
        "How long this node took to answer the SIP server since it started: per kind, a histogram of the answers' times (bucket i: at most boundsMs[i]; the last: slower)",
      response: {
        200: z.object({
          boundsMs: z.array(z.number()),
          credentials: times,
          route: times,
          events: times,
        }),
      },
    },
    handler: async () => ({ boundsMs: BOUNDS_MS, ...sipAnswerTimes() }),
  });
}
