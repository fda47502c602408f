import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/client.js';

/** One statement's rows, the same on both drivers. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * A transaction of the import job: plain statements, and `copy`, which loads rows into a table
 * (COPY FROM STDIN through pg-copy-streams on PostgreSQL; multi-row INSERTs on PGlite, whose
 * single session takes no COPY stream).
 */
export type RawTx = {
  query: Query;
  copy(table: string, columns: readonly string[], rows: readonly (readonly (string | null)[])[]): Promise<void>;
};

/** Rows per INSERT on PGlite; its parameter count stays far below the 65,535 limit. */
const INSERT_ROWS = 1000;

/** A value in COPY's text format: `\N` for null; backslash, tab and line breaks escaped. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

async function insertRows(
  query: Query,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly (string | null)[])[],
) {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const slice = rows.slice(i, i + INSERT_ROWS);
    const params: unknown[] = [];
    const tuples = slice.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(', ')})`);
    await query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, params);
  }
}

function pgliteTx(tx: Transaction | PGlite): RawTx {
  const query: Query = async (text, params) => (await tx.query(text, params ?? [])).rows as never;
  return { query, copy: (table, columns, rows) => insertRows(query, table, columns, rows) };
}

function pgTx(client: pg.PoolClient): RawTx {
  const query: Query = async (text, params) => (await client.query(text, params ?? [])).rows as never;
  return {
    query,
    copy: async (table, columns, rows) => {
      if (!rows.length) return;
      const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
      async function* lines() {
        let text = '';
        for (const row of rows) {
          text += `${row.map(copyText).join('\t')}\n`;
          if (text.length > 65_536) {
            yield text;
            text = '';
          }
        }
        if (text) yield text;
      }
      await pipeline(Readable.from(lines()), stream);
    },
  };
}

/** Runs `fn` in one transaction on the driver's own client; a throw rolls it back. */
export async function rawTransaction<T>(raw: Database['raw'], fn: (tx: RawTx) => Promise<T>): Promise<T> {
  if (raw.driver === 'pglite') return raw.pglite.transaction((tx) => fn(pgliteTx(tx)));
  const client = await raw.pool.connect();
  try {
    await client.query('begin');
    const out = await fn(pgTx(client));
    await client.query('commit');
    return out;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** One statement outside a transaction. */
export async function rawQuery<T = Record<string, unknown>>(
  raw: Database['raw'],
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (raw.driver === 'pglite') return (await raw.pglite.query(text, params)).rows as T[];
  return (await raw.pool.query(text, params)).rows as T[];
}
