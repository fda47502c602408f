import type { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Principal } from '../packages/server/src/core/principal.js';
import type { Db } from '../packages/server/src/db/client.js';
import { usersResource } from '../packages/server/src/resources/directory/users/users.js';
// Every served resource, so the users' references resolve.
import '../packages/server/src/resources/index.js';
import { parseListQuery } from '../packages/server/src/resources/engine/list-query.js';
import { listItems } from '../packages/server/src/resources/engine/ops.js';

export type BoundSql = { text: string; params: unknown[] };

/**
 * The SQL the users list runs for `query`, captured from the server's own list code so the bare
 * route executes exactly the same statement.
 */
export async function usersListSql(principal: Principal, query: Record<string, string>): Promise<BoundSql> {
  let captured: BoundSql | null = null;
  const dialect = new PgDialect();
  const capture = {
    // The list may go straight to the driver's client or through Drizzle: capture either way.
    $client: {
      query: async (text: string, params: unknown[]) => {
        captured = { text, params };
        return { rows: [] };
      },
    },
    execute: async (statement: ReturnType<typeof sql>) => {
      const q = dialect.sqlToQuery(statement);
      captured = { text: q.sql, params: q.params };
      return { rows: [] };
    },
  } as unknown as Db;
  const c = usersResource.compiled;
  const lq = parseListQuery(c.listSpec, query);
  if ('message' in lq) throw new Error(lq.message);
  await listItems(capture, c, principal, lq);
  if (!captured) throw new Error('the users list ran no SQL');
  return captured;
}
