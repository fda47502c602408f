import { dialplan as dialplanDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { dialplan } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';
import { forgetRoutes } from './route-cache.js';

/**
 * Positions of a domain's rules change one writer at a time: the domain row is the lock, so two
 * creates cannot take the same last position and a move never sees a half-shifted list.
 */
export async function lockDialplan(tx: Db, domainId: number) {
  await tx.execute(sql`select id from domains where id = ${domainId} for update`);
}

/**
 * Rules that got a new position are first written negated, then flipped back: the unique
 * (domain, position) index is checked row by row, and negative values never meet positive ones.
 */
export async function settlePositions(tx: Db, domainId: number) {
  await tx.execute(sql`update dialplan set position = -position where domain_id = ${domainId} and position < 0`);
}

/** Renumbers a domain's rules 1, 2, … in their order (after deletes). */
async function closeGaps(tx: Db, domainId: number) {
  await tx.execute(sql`update dialplan d set position = -s.rn
    from (select id, position, row_number() over (order by position, id)::int as rn
          from dialplan where domain_id = ${domainId}) s
    where d.id = s.id and d.domain_id = ${domainId} and s.position <> s.rn`);
  await settlePositions(tx, domainId);
}

export const dialplanResource = defineServerResource(dialplanDef, {
  table: dialplan,
  refs: { schema: dialplan.flowId },
  // The route decisions keep the enabled rules: forgotten on every node after a change.
  afterCommit: (app) => forgetRoutes(app),
  // A new rule goes to the end of the list.
  beforeInsert: async (tx, row, ctx) => {
    await lockDialplan(tx, ctx.principal.domainId);
    const [last] = await queryRows<{ position: number }>(
      tx,
      sql`select coalesce(max(position), 0)::int as position from dialplan where domain_id = ${ctx.principal.domainId}`,
    );
    row.position = (last?.position ?? 0) + 1;
  },
  afterDelete: async (tx, _items, ctx) => {
    await lockDialplan(tx, ctx.principal.domainId);
    await closeGaps(tx, ctx.principal.domainId);
  },
});
