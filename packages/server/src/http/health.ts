import type { FastifyInstance } from 'fastify';
import { apiError } from '../core/errors.js';
import { ping } from '../db/client.js';

/** GET /api/health: 200 while the database answers, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { guard: 'public' }, schema: { tags: ['operations'] } }, async (_request, reply) => {
    // The listener carries live events and access changes between nodes: while it reconnects this
    // node still answers, but may serve rights up to a few seconds old and misses live events.
    const listener = app.ctx.bus.listenerState();
    if (await ping(app.ctx.db)) return { status: listener === 'reconnecting' ? 'degraded' : 'ok', listener };
    return reply.status(503).send(apiError(503, 'app.health.database_unreachable', 'The database does not answer.'));
  });
}
