import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { classAllows, recordAllows, recordChecksOn } from '../access/rights.js';
import { authenticate, tokenOf } from '../auth/authenticate.js';
import { onAuthChange } from '../auth/cache.js';
import type { AppContext } from '../context.js';
import { keyedError } from '../core/errors.js';
import type { Principal } from '../core/principal.js';
import { validationError } from '../core/route.js';
import { knownTopics, type LiveEvent, subscribe, topicSpec } from './hub.js';

/** A comment line keeps proxies and the browser from timing an idle stream out. */
const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

type Stream = { token: string | null; end(): void; recheck(): Promise<boolean> };

function parseTopics(raw: unknown): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
  const asked = [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (!asked.length) throw validationError('events', [{ field: 'topics', message: 'This field is required' }]);
  const unknown = asked.filter((t) => !topicSpec(t));
  if (unknown.length) {
    throw validationError('events', [
      { field: 'topics', message: `Unknown topic "${unknown[0]}" (known: ${knownTopics().join(', ')})` },
    ]);
  }
  return asked;
}

/** May this principal see this event: its domain, the topic's class read right, the record under rbac? */
async function mayReceive(ctx: AppContext, principal: Principal, event: LiveEvent): Promise<boolean> {
  if (event.domainId !== principal.domainId) return false;
  const spec = topicSpec(event.topic);
  if (!spec) return false;
  if (spec.audience && !spec.audience(principal, event.data)) return false;
  if (spec.cls === null) return spec.audience !== undefined;
  if (!classAllows(principal, spec.cls, 'r')) return false;
  if (!recordChecksOn(principal, spec.cls)) return true;
  const id = spec.recordId ? spec.recordId(event.data) : (event.data.id as number | undefined);
  if (typeof id !== 'number') return false;
  return recordAllows(ctx, principal, spec.cls, id, 'r');
}

/**
 * GET /api/events?topics=devices,...: server-sent events of the caller's domain. Each event is
 * `event: <topic>` with `data: <json>`; a topic is delivered only while the caller may read its
 * class (and the record, under rbac). The token comes in the URL (EventSource sends no headers)
 * and is checked again on every heartbeat, so a revoked session stops receiving.
 */
export async function registerEventStream(app: FastifyInstance) {
  // Open streams end before the server closes: a long-lived response would hold it open.
  const streams = new Set<Stream>();
  app.addHook('preClose', async () => {
    for (const s of [...streams]) s.end();
  });
  // A revoked token, a deactivated user or a changed role ends or narrows its streams at once,
  // not at the next heartbeat.
  const stopWatching = onAuthChange(app.ctx, () => {
    for (const s of streams) void s.recheck();
  });
  app.addHook('onClose', async () => stopWatching());
  // Events published while this node's listener was down never arrived: ending the streams makes
  // browsers open them again and read the lists afresh.
  const stopRestored = app.ctx.bus.onListenerRestored(() => {
    for (const s of [...streams]) s.end();
  });
  app.addHook('onClose', async () => {
    stopRestored();
  });

  app.route({
    method: 'GET',
    url: '/api/events',
    config: { guard: 'authenticated', queryToken: true, resource: 'events' },
    schema: {
      tags: ['events'],
      summary: 'Live events of the domain as server-sent events (text/event-stream)',
      querystring: z.object({
        topics: z.string().describe('Comma-separated topics, e.g. devices'),
        access_token: z.string().optional().describe('The access token (EventSource cannot send headers)'),
      }),
    },
    handler: async (request: FastifyRequest, reply) => {
      const ctx = request.server.ctx;
      const topics = new Set(parseTopics((request.query as Record<string, unknown>).topics));
      const token = tokenOf(request);
      const open = [...streams].filter((s) => s.token === token).length;
      if (open >= ctx.config.eventStreamsPerToken) {
        throw keyedError(
          429,
          'app.events.too_many_streams',
          'tooManyStreams',
          { max: ctx.config.eventStreamsPerToken },
          undefined,
          { 'retry-after': String(RETRY_MS / 1000) },
        );
      }
      let principal = request.principal as Principal;
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Reverse proxies (nginx) must pass events through at once instead of buffering them.
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RETRY_MS}\n: connected ${[...topics].join(',')}\n\n`);

      let closed = false;
      // Events are written in the order they arrive, even when a record check awaits the database.
      let queue = Promise.resolve();
      const unsubscribe = subscribe(ctx, (event) => {
        if (!topics.has(event.topic) || event.domainId !== principal.domainId) return;
        queue = queue.then(async () => {
          if (closed) return;
          if (!(await mayReceive(ctx, principal, event).catch(() => false))) return;
          raw.write(`event: ${event.topic}\ndata: ${JSON.stringify(event.data)}\n\n`);
        });
      });

      const heartbeat = setInterval(async () => {
        if (await stream.recheck()) raw.write(': heartbeat\n\n');
      }, HEARTBEAT_MS);

      const stream: Stream = {
        token,
        /** Reads the token's rights again; ends the stream when it no longer signs anyone in. */
        async recheck() {
          const fresh = await authenticate(ctx, token).catch(() => null);
          if (closed) return false;
          if (!fresh) {
            stream.end();
            return false;
          }
          principal = fresh;
          return true;
        },
        end() {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          streams.delete(stream);
          raw.end();
        },
      };
      streams.add(stream);
      raw.on('close', () => stream.end());
    },
  });
}
