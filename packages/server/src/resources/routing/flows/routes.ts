import { flowTag, flowVersions as flowVersionsDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { keyedError } from '../../../core/errors.js';
import { idParamDoc, paramId } from '../../../core/route.js';
import { type SignedInRequest, signedInRoutes } from '../../../core/signed-in.js';
import { flowVersions } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { callerOf, defineServerResource } from '../../engine/define.js';
import { escapeLike, isQueryError, parseListQuery, queryError } from '../../engine/list-query.js';
import { updateItem } from '../../engine/ops.js';
import { recordOf } from '../../engine/record-of.js';
import { flowsResource } from './flows.js';

/** The kept previous schemas of a flow under the flow (`/routing/schema/{id}/versions`), read-only. */
export const flowVersionsResource = defineServerResource(flowVersionsDef, {
  table: flowVersions,
  parentLink: { column: flowVersions.flowId },
  fields: {
    savedBy: {
      select: `(select json_build_object('id', u.id, 'name', coalesce(nullif(u.name, ''), u.username)) from users u where u.id = t.saved_by)`,
    },
  },
});

const NO_FIELDS = { fields: new Set<string>(), sort: new Set<string>() };
const pageQueryDoc = z.object({
  page: z.string().optional().describe('Page number, from 1'),
  size: z.string().optional().describe('Rows per page (default 10)'),
});

function page(request: SignedInRequest, name: string) {
  const query = request.query as Record<string, unknown>;
  const lq = parseListQuery(
    NO_FIELDS,
    { page: query.page, size: query.size, q: query.q },
    request.server.ctx.config.listMaxPageSize,
  );
  if (isQueryError(lq)) throw queryError(name, lq);
  return lq;
}

function answer<T>(rows: T[], size: number) {
  const next = rows.length > size;
  if (next) rows.length = size;
  return { items: rows, next };
}

/** The flow of the path, one of the caller's domain. */
const flowOf = async (request: SignedInRequest) => (await recordOf(request, { table: 'flows', name: 'flows' })).id;

/**
 * The routes of flows beyond the generic ones: the tag search, and the restore of a kept version
 * (itself a save, so the schema it replaces is kept too).
 */
export function registerFlowRoutes(app: FastifyInstance) {
  const route = signedInRoutes(app, { tag: 'flows', guard: 'authenticated', resource: 'flows' });

  route('GET /api/routing/schema/tags', 'Distinct tags of the domain (q: prefix, a trailing * is optional)', {
    querystring: pageQueryDoc.extend({ q: z.string().optional() }),
    response: { 200: z.object({ items: z.array(flowTag), next: z.boolean() }) },
    handler: async (request) => {
      const lq = page(request, 'flows');
      // Tags are looked up by what they start with, whether or not the client added the `*`.
      const like = lq.q === null ? sql`` : sql` and lower(tag) like lower(${escapeLike(lq.q)}) || '%'`;
      const rows = await queryRows<{ name: string }>(
        request.server.ctx.db,
        sql`select distinct tag as name from flows t, unnest(t.tags) as tag
            where t.domain_id = ${request.principal.domainId}${like}
            order by 1 limit ${lq.size + 1} offset ${(lq.page - 1) * lq.size}`,
      );
      return answer(rows, lq.size);
    },
  });

  route(
    'POST /api/routing/schema/:id/versions/:versionId/restore',
    'Make a kept version the current schema (the current one is kept as a version)',
    {
      params: idParamDoc.extend({ versionId: z.string() }),
      response: { 200: flowsResource.compiled.def.item },
      handler: async (request) => {
        const id = await flowOf(request);
        const versionId = paramId(request, 'flows', 'versionId');
        const [version] = await queryRows<{ schema: unknown }>(
          request.server.ctx.db,
          sql`select schema from flow_versions where id = ${versionId} and flow_id = ${id}`,
        );
        if (!version) throw keyedError(404, 'app.flows.version_not_found', 'flowVersionNotFound');
        return updateItem(flowsResource.compiled, callerOf(request), id, { schema: version.schema }, 'patch');
      },
    },
  );
}
