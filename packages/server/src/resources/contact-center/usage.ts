import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';

/** Names at most this many users of a record in a refusal. */
const NAMED = 20;

/** The quoted names a query yields (`"a", "b"`), or null when nothing uses the record. */
export async function usedBy(tx: Db, query: SQL): Promise<string | null> {
  const rows = await queryRows<{ name: string }>(tx, sql`${query} order by 1 limit ${NAMED}`);
  if (!rows.length) return null;
  return rows.map((r) => `"${r.name}"`).join(', ');
}
