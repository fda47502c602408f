import { loggerConfigExports } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { keyedError, notFound } from '../../../core/errors.js';
import { doc, paramId } from '../../../core/route.js';
import { signedInRoute } from '../../../core/signed-in.js';
import { loggerExports } from '../../../db/schema.js';
import { isoSql, queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';
import { profileById, readPlaced } from '../../integrations/storage/files.js';

/** The exports of a config's log (`/logger/config/{id}/exports`), written by the log-exports job. */
export const loggerConfigExportsResource = defineServerResource(loggerConfigExports, {
  table: loggerExports,
  parentLink: { column: loggerExports.configId },
  fields: {
    size: { select: 't.size::float8', column: 't.size' },
    periodStart: { select: isoSql('t.period_start'), column: 't.period_start' },
    periodEnd: { select: isoSql('t.period_end'), column: 't.period_end' },
    createdAt: { select: isoSql('t.created_at'), column: 't.created_at' },
  },
});

/** GET /api/logger/config/{id}/exports/{exportId}/download: the export's JSON lines, as stored. */
export function registerLoggerExportRoutes(app: FastifyInstance) {
  signedInRoute(app, {
    method: 'GET',
    url: '/api/logger/config/:id/exports/:exportId/download',
    config: { guard: { permission: 'systemSetting' }, resource: loggerConfigExports.name },
    schema: doc('loggerConfigExports', 'The file of a change-log export (JSON lines)', {
      params: z.object({ id: z.string().describe('Config id'), exportId: z.string().describe('Export id') }),
    }),
    handler: async (request, reply) => {
      const { db } = request.server.ctx;
      const domainId = request.principal.domainId;
      const configId = paramId(request, loggerConfigExports.name);
      const exportId = paramId(request, loggerConfigExports.name, 'exportId');
      const [row] = await queryRows<{ profileId: number; key: string; size: number; object: string }>(
        db,
        sql`select e.storage_profile_id as "profileId", e.storage_key as key, e.size::float8 as size, c.object
          from logger_exports e join logger_config c on c.id = e.config_id
          where e.id = ${exportId} and e.config_id = ${configId} and e.domain_id = ${domainId}`,
      );
      if (!row) throw notFound(loggerConfigExports.name);
      const profile = await profileById(db, domainId, row.profileId);
      let body: Awaited<ReturnType<typeof readPlaced>>;
      try {
        if (!profile) throw new Error('the storage profile is gone');
        body = await readPlaced(request.server.ctx.config, { profile, key: row.key });
      } catch (error) {
        request.log.warn({ err: error }, 'a change-log export could not be read');
        throw keyedError(404, 'app.loggerConfigExports.file_missing', 'logExportMissing');
      }
      const name = row.key.split('/').pop() ?? `changelog-${row.object}.jsonl`;
      return reply
        .header('content-type', 'application/x-ndjson')
        .header('content-length', row.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(body);
    },
  });
}
