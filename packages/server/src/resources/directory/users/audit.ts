import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../../http/errors.js';
import { doc, parseId, routeCompilers } from '../../engine/http.js';
import { queryRows } from '../../engine/sql.js';
import { listLogEntries, logAnswerDoc, logQueryDoc } from '../../system/logger/entries.js';

/**
 * GET /api/logger/user/{userId}/logs: what a user did (change-log entries it made, sign-ins),
 * newest first. Reading it needs the read right on that user.
 */
export function registerUserAuditRoute(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: '/api/logger/user/:userId/logs',
    config: { guard: { class: 'users', right: 'r', recordParam: 'userId' } },
    schema: doc('users', 'Audit log of a user', {
      params: z.object({ userId: z.string() }),
      querystring: logQueryDoc,
      response: { 200: logAnswerDoc },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const userId = parseId('users', (request.params as { userId: string }).userId, 'userId');
      const found = await queryRows(
        request.server.ctx.db,
        sql`select 1 from users where id = ${userId} and domain_id = ${request.principal!.domainId}`,
      );
      if (!found.length) throw new HttpError(404, 'app.users.not_found', 'No such users record.');
      return listLogEntries(request, [sql`t.user_id = ${userId}`]);
    },
  });
}
