import { dialplan, dialplanMatch, dialplanMatchQuery } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordFilter } from '../../../access/record-filter.js';
import { keyedError } from '../../../core/errors.js';
import { idParam, paramId, parseBody } from '../../../core/route.js';
import { signedInRoutes } from '../../../core/signed-in.js';
import { queryRows } from '../../../db/sql.js';
import { NO_RECORD_PARAM } from '../../engine/define.js';
import { notFound, readItem } from '../../engine/ops.js';
import { viewText } from '../../engine/refs.js';
import { dialplanResource, lockDialplan, settlePositions } from './dialplan.js';
import { firstMatch, TesterTimeoutError } from './pattern-tester.js';
import { forgetRoutes } from './route-cache.js';

const c = dialplanResource.compiled;
const base = `/api${dialplan.path}`;

/** The dialplan's own routes: move a rule to another's position, and the pattern tester. */
export function registerDialplanRoutes(app: FastifyInstance) {
  const route = signedInRoutes(app, {
    tag: 'dialplan',
    guard: { class: 'acr_routing', right: 'r', recordParam: NO_RECORD_PARAM },
    resource: 'dialplan',
  });

  route(`GET ${base}/match`, 'The first enabled rule (by position) whose pattern matches the number', {
    querystring: dialplanMatchQuery,
    response: { 200: dialplanMatch },
    handler: async (request) => {
      const { number } = parseBody('dialplan', dialplanMatchQuery, request.query);
      const principal = request.principal;
      const readable = recordFilter(principal, c.recordClass, 'r');
      const rows = await queryRows<{ id: number; name: string; pattern: string; position: number; schema: unknown }>(
        request.server.ctx.db,
        sql`select t.id, t.name, t.pattern, t.position, ${sql.raw(viewText(c.exprs.get('schema') as string, principal))} as schema from dialplan t
            where t.domain_id = ${principal.domainId} and not t.disabled${readable ? sql` and ${readable}` : sql``}
            order by t.position, t.id`,
      );
      let index: number;
      try {
        index = await firstMatch(
          rows.map((r) => r.pattern),
          number,
        );
      } catch (error) {
        if (!(error instanceof TesterTimeoutError)) throw error;
        throw keyedError(422, 'app.dialplan.tester_timeout', 'patternsSlow', { ms: error.budgetMs });
      }
      return { item: rows[index] ?? null };
    },
  });

  route(`PATCH ${base}/:fromId/to/:toId`, "Move a rule to another rule's position; the rules between shift by one", {
    guard: { class: 'acr_routing', right: 'w', recordParam: 'fromId' },
    params: z.object({ fromId: idParam('fromId'), toId: idParam('toId') }),
    response: { 200: dialplan.item },
    handler: async (request) => {
      const fromId = paramId(request, 'dialplan', 'fromId');
      const toId = paramId(request, 'dialplan', 'toId');
      const domainId = request.principal.domainId;
      const moved = await request.server.ctx.db.transaction(async (tx) => {
        await lockDialplan(tx, domainId);
        const rows = await queryRows<{ id: number; position: number }>(
          tx,
          sql`select id, position from dialplan where domain_id = ${domainId} and id in (${fromId}, ${toId})`,
        );
        const from = rows.find((r) => r.id === fromId);
        const to = rows.find((r) => r.id === toId);
        if (!from) throw notFound(c);
        if (!to) throw keyedError(404, 'app.dialplan.not_found', 'notFound', { resource: 'dialplan' });
        const [a, b] = [from.position, to.position];
        if (a < b) {
          await tx.execute(sql`update dialplan set position = -(case when id = ${fromId} then ${b}::int else position - 1 end)
            where domain_id = ${domainId} and position between ${a} and ${b}`);
        } else if (a > b) {
          await tx.execute(sql`update dialplan set position = -(case when id = ${fromId} then ${b}::int else position + 1 end)
            where domain_id = ${domainId} and position between ${b} and ${a}`);
        }
        await settlePositions(tx, domainId);
        return readItem(tx, c, request.principal, fromId);
      });
      await forgetRoutes(request.server.ctx);
      return moved;
    },
  });
}
