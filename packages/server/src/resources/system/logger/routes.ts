import { LOGGABLE_OBJECTS } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { doc } from '../../../core/route.js';
import { signedInRoute } from '../../../core/signed-in.js';
import { queryRows } from '../../../db/sql.js';

const objectsAnswer = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });

/**
 * GET /api/logger/available_objects: objects without a config yet (`includeExisting=true` lists
 * all).
 */
export function registerLoggerRoutes(app: FastifyInstance) {
  signedInRoute(app, {
    method: 'GET',
    url: '/api/logger/available_objects',
    config: { guard: { permission: 'systemSetting' } },
    schema: doc('loggerConfig', 'Objects whose changes can be logged', {
      querystring: z.object({ includeExisting: z.enum(['true', 'false']).optional() }),
      response: { 200: objectsAnswer },
    }),
    handler: async (request) => {
      const includeExisting = (request.query as Record<string, unknown>).includeExisting === 'true';
      let objects: readonly string[] = LOGGABLE_OBJECTS;
      if (!includeExisting) {
        const existing = await queryRows<{ object: string }>(
          request.server.ctx.db,
          sql`select object from logger_config where domain_id = ${request.principal.domainId}`,
        );
        const taken = new Set(existing.map((e) => e.object));
        objects = objects.filter((o) => !taken.has(o));
      }
      return { items: objects.map((o) => ({ id: o, name: o })) };
    },
  });
}
