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
 * (COPY FROM STDIN through pg-copy-streams on PostgreSQL; COPY from an in-memory blob on PGlite,
 * whose single session takes no COPY stream).
 */
export type RawTx = {
  query: Query;
  copy(table: string, columns: readonly string[], rows: readonly (readonly (string | null)[])[]): Promise<void>;
};

/** A value in COPY's text format: `\N` for null; backslash, tab and line breaks escaped. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** COPY's text format of rows: tab-separated, one a line. */
const copyLines = (rows: readonly (readonly (string | null)[])[]) =>
  rows.map((row) => `${row.map(copyText).join('\t')}\n`).join('');

function pgliteTx(tx: Transaction | PGlite): RawTx {
  const query: Query = async (text, params) => (await tx.query(text, params ?? [])).rows as never;
  return {
    query,
    // PGlite takes COPY from a blob in memory: a chunk is small, and it skips binding a parameter per value.
    copy: async (table, columns, rows) => {
      if (!rows.length) return;
      await tx.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], {
        blob: new Blob([copyLines(rows)]),
      });
    },
  };
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
