import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

export type Row = Record<string, unknown>;

/** Runs raw SQL and answers its rows; both drivers answer `{rows}`. */
export async function queryRows<T = Row>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs raw SQL and answers its first row, or null. */
export async function queryRow<T = Row>(db: Db, query: SQL): Promise<T | null> {
  const [row] = await queryRows<T>(db, query);
  return row ?? null;
}

type RawClient = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
const dialect = new PgDialect();

/** A statement under construction: SQL text with `$n` placeholders and their values. */
export class Statement {
  text = '';
  readonly params: unknown[] = [];
  /** A placeholder for one value. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  /** `($1, $2, …)` for a non-empty list. */
  list(values: readonly unknown[]): string {
    return `(${values.map((v) => this.param(v)).join(', ')})`;
  }
  /** Embeds a Drizzle SQL fragment, renumbering its placeholders. */
  embed(fragment: SQL): string {
    const q = dialect.sqlToQuery(fragment);
    const offset = this.params.length;
    this.params.push(...q.params);
    return q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  }
}

function toSql(st: Statement): SQL {
  const pieces = st.text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(piece) : sql`${st.params[Number(piece) - 1]}`);
  });
  return sql.join(chunks);
}

/**
 * The read path of lists and items: the statement goes straight to the driver's client (PGlite or
 * the pg pool), skipping Drizzle's query building and session layer, which cost about as much as
 * the query itself on PGlite. Only for a top-level database handle, never a transaction (a pool
 * query would run on another connection). Selects answer only types both drivers parse alike
 * (int, text, bool, json).
 */
export async function runStatement<T = Row>(db: Db, st: Statement): Promise<T[]> {
  const client = (db as unknown as { $client?: RawClient }).$client;
  if (!client || typeof client.query !== 'function') return queryRows<T>(db, toSql(st));
  return (await client.query(st.text, st.params)).rows as T[];
}

/** A timestamp as the API answers it: ISO 8601 in UTC, the same text on both drivers. */
export const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A reference to a record whose table arrives later: `{id, name: ''}` or null. */
export const idRefSql = (column: string) =>
  `case when ${column} is null then null else json_build_object('id', ${column}, 'name', '') end`;

/** Quotes an identifier taken from our own schema (never from a request). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
