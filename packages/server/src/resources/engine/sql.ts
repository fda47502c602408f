import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

export type Row = Record<string, unknown>;

/** Runs raw SQL and answers its rows; both drivers answer `{rows}`. */
export async function queryRows<T = Row>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp as the API answers it: ISO 8601 in UTC, the same text on both drivers. */
export const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A reference to a record whose table arrives later: `{id, name: ''}` or null. */
export const idRefSql = (column: string) =>
  `case when ${column} is null then null else json_build_object('id', ${column}, 'name', '') end`;

/** Quotes an identifier taken from our own schema (never from a request). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
