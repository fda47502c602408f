import { type ErrorParams, fieldErrors } from '@switchboard/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { apiError, HttpError } from '../core/errors.js';
import type { Principal } from '../core/principal.js';
import { validationError } from '../core/route.js';
import { signedInRoute } from '../core/signed-in.js';
import type { Db } from '../db/client.js';
import { publish } from './hub.js';

/** The most events one call may carry. */
export const MAX_TELEPHONY_BATCH = 1000;

/** An event as the OpenAPI document shows it: its type and the fields that type takes. */
const eventDoc = z.looseObject({}).describe('{type, ...}: the fields of each type are checked by the route');

/**
 * Who posts an event: a user's token (its domain), or the SIP server this API runs, which names
 * the domain by its realm (telephony/sip-routes.ts).
 */
export type TelephonyCaller = { app: AppContext; principal: Pick<Principal, 'domainId'>; request?: FastifyRequest };

/** What a handler did: the answer for this event, and the live events to publish once committed. */
export type TelephonyOutcome = {
  result: Record<string, unknown>;
  publish?: { topic: string; data: Record<string, unknown> }[];
  /** Work once committed, before the publishing (caches that kept what changed forget it). */
  afterCommit?: (app: AppContext) => Promise<void>;
};

export type TelephonyHandler<T> = (tx: Db, event: T, caller: TelephonyCaller) => Promise<TelephonyOutcome>;

type Registered = { schema: z.ZodObject; handler: TelephonyHandler<Record<string, unknown>> };
const registry = new Map<string, Registered>();

/**
 * Adds an event type the telephony side may post to POST /api/telephony/events. `schema` checks
 * the event's fields besides `type`; the handler runs in a transaction of its own, throws an
 * HttpError (404 for an unknown account, say) to refuse the event, and names what to publish.
 * Resources register their types in their own files (devices, later SIP gateways).
 */
export function registerTelephonyEvent<S extends z.ZodObject>(
  type: string,
  schema: S,
  handler: TelephonyHandler<z.output<S>>,
): void {
  if (registry.has(type)) throw new Error(`Telephony event type ${type} is registered twice`);
  registry.set(type, { schema, handler: handler as TelephonyHandler<Record<string, unknown>> });
}

export function telephonyEventTypes(): string[] {
  return [...registry.keys()].sort();
}

type Parsed = { type: string; event: Record<string, unknown> };

/** Checks one event; its problems are named under `prefix` (the event's index in a batch). */
function parseEvent(raw: unknown, prefix: string): Parsed | { field: string; message: string }[] {
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return [{ field: prefix || 'body', message: 'An event must be an object with a type' }];
  }
  const { type, ...rest } = raw as Record<string, unknown>;
  if (typeof type !== 'string' || !type) return [{ field: at('type'), message: 'This field is required' }];
  const found = registry.get(type);
  if (!found) {
    return [
      { field: at('type'), message: `Unknown event type "${type}" (known: ${telephonyEventTypes().join(', ')})` },
    ];
  }
  const parsed = found.schema.safeParse(rest);
  if (!parsed.success) return fieldErrors(parsed.error).map((f) => ({ field: at(f.field), message: f.message }));
  return { type, event: parsed.data as Record<string, unknown> };
}

type Answer = {
  index: number;
  type: string;
  code: number;
  result?: Record<string, unknown>;
  detail?: string;
  /** The message key of `detail` and its parameters, when the refusal was keyed. */
  key?: string;
  params?: ErrorParams;
  fields?: { field: string; message: string; key?: string; params?: ErrorParams }[];
};

/**
 * Applies one event of a known type for a domain (the SIP server's reports): its fields are checked
 * as a posted event's are; the answer carries its code and result or refusal.
 */
export async function applyTelephonyEvent(caller: TelephonyCaller, raw: Record<string, unknown>) {
  const parsed = parseEvent(raw, '');
  if (Array.isArray(parsed)) return { index: 0, type: String(raw.type), code: 400, fields: parsed } as Answer;
  return apply(caller, parsed, 0);
}

/** Applies one event in its own transaction, then publishes what it changed. */
async function apply(caller: TelephonyCaller, parsed: Parsed, index: number): Promise<Answer> {
  const { app, principal } = caller;
  const { handler } = registry.get(parsed.type) as Registered;
  try {
    const outcome = await app.db.transaction((tx) => handler(tx, parsed.event, caller));
    await outcome.afterCommit?.(app);
    for (const p of outcome.publish ?? []) {
      await publish(app, { domainId: principal.domainId, topic: p.topic, data: p.data });
    }
    return { index, type: parsed.type, code: 200, result: outcome.result };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) {
      const keyed = error.key ? { key: error.key, params: error.params } : {};
      return {
        index,
        type: parsed.type,
        code: error.statusCode,
        detail: error.message,
        ...keyed,
        fields: error.fields,
      };
    }
    throw error;
  }
}

/**
 * POST /api/telephony/events: the telephony side reports what happened (a device registered, a
 * call state, a hotdesk log-in), with a token of a user of the domain holding `telephonyEvents`.
 * The body is one event `{type, ...}` or an array of them. Every event is checked before any is
 * applied (400 naming `index.field`); then each is applied on its own, in order: a single event
 * answers its result (200) or its refusal (404 for an unknown account); a batch answers 200 with
 * one entry per event carrying its own code.
 */
export async function registerTelephonyRoutes(app: FastifyInstance) {
  signedInRoute(app, {
    method: 'POST',
    url: '/api/telephony/events',
    config: { guard: { permission: 'telephonyEvents' }, resource: 'telephony_events' },
    schema: {
      tags: ['telephony'],
      summary: 'Events from the telephony side: one {type, ...} or an array of them',
      // Each event's fields depend on its type: the route checks them all and names every bad one.
      body: z.union([
        eventDoc,
        z
          .array(eventDoc)
          .min(1, 'Array should not be empty')
          .max(MAX_TELEPHONY_BATCH, `At most ${MAX_TELEPHONY_BATCH} events per call`),
      ]),
    },
    handler: async (request, reply) => {
      const caller: TelephonyCaller = { app: request.server.ctx, principal: request.principal, request };
      const body = request.body;
      const batch = Array.isArray(body);
      const raws: unknown[] = batch ? body : [body];
      const parsed: Parsed[] = [];
      const problems: { field: string; message: string }[] = [];
      raws.forEach((raw, i) => {
        const p = parseEvent(raw, batch ? String(i) : '');
        if (Array.isArray(p)) problems.push(...p);
        else parsed.push(p);
      });
      if (problems.length) throw validationError('telephony_events', problems);

      const answers: Answer[] = [];
      for (const [i, p] of parsed.entries()) answers.push(await apply(caller, p, i));
      if (batch) return { items: answers };
      const [one] = answers;
      if (one.code !== 200) {
        const id = `app.telephony_events.${one.code === 404 ? 'not_found' : 'refused'}`;
        return reply.status(one.code).send(apiError(one.code, id, `Event ${one.type}: ${one.detail}`, one.fields, one));
      }
      return { type: one.type, ...one.result };
    },
  });
}
