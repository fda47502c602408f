import { CHANGE_LOG_ACTIONS, LOGGABLE_OBJECTS } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../../http/errors.js';
import { doc, idParamDoc, parseId, routeCompilers } from '../../engine/http.js';
import { queryRows } from '../../engine/sql.js';
import { listLogEntries, logAnswerDoc, logQueryDoc } from './entries.js';

const objectsAnswer = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });

/**
 * GET /api/logger/available_objects (objects without a config yet; `includeExisting=true` lists
 * all) and GET /api/logger/config/{id}/logs (the config object's create, update and delete
 * entries, newest first).
 */
export function registerLoggerRoutes(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: '/api/logger/available_objects',
    config: { guard: { permission: 'systemSetting' } },
    schema: doc('loggerConfig', 'Objects whose changes can be logged', {
      querystring: z.object({ includeExisting: z.enum(['true', 'false']).optional() }),
      response: { 200: objectsAnswer },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const includeExisting = (request.query as Record<string, unknown>).includeExisting === 'true';
      let objects: readonly string[] = LOGGABLE_OBJECTS;
      if (!includeExisting) {
        const existing = await queryRows<{ object: string }>(
          request.server.ctx.db,
          sql`select object from logger_config where domain_id = ${request.principal!.domainId}`,
        );
        const taken = new Set(existing.map((e) => e.object));
        objects = objects.filter((o) => !taken.has(o));
      }
      return { items: objects.map((o) => ({ id: o, name: o })) };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/logger/config/:id/logs',
    config: { guard: { permission: 'systemSetting' } },
    schema: doc('loggerConfig', 'Change-log entries of a logged object', {
      params: idParamDoc,
      querystring: logQueryDoc,
      response: { 200: logAnswerDoc },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const id = parseId('loggerConfig', (request.params as { id: string }).id);
      const [config] = await queryRows<{ object: string }>(
        request.server.ctx.db,
        sql`select object from logger_config where id = ${id} and domain_id = ${request.principal!.domainId}`,
      );
      if (!config) throw new HttpError(404, 'app.loggerConfig.not_found', 'No such loggerConfig record.');
      return listLogEntries(request, [sql`t.object = ${config.object}`, sql`t.action in ${[...CHANGE_LOG_ACTIONS]}`]);
    },
  });
}
