import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './client.js';

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
  /** The same from rows already in COPY's text format (`copyLine`). */
  copyText(table: string, columns: readonly string[], text: string): Promise<void>;
};

/** A value in COPY's text format: `\N` for null; backslash, tab and line breaks escaped. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** One row in COPY's text format: tab-separated, ending the line. */
export const copyLine = (row: readonly (string | null)[]) => `${row.map(copyText).join('\t')}\n`;

function pgliteTx(tx: Transaction | PGlite): RawTx {
  const query: Query = async (text, params) => (await tx.query(text, params ?? [])).rows as never;
  // PGlite takes COPY from a blob in memory: a chunk is small, and it skips binding a parameter per value.
  const copyText = async (table: string, columns: readonly string[], text: string) => {
    if (!text) return;
    await tx.query(`copy ${table} (${columns.join(', ')}) from '/dev/blob'`, [], { blob: new Blob([text]) });
  };
  return {
    query,
    copyText,
    copy: (table, columns, rows) => copyText(table, columns, rows.map(copyLine).join('')),
  };
}

function pgTx(client: pg.PoolClient): RawTx {
  const query: Query = async (text, params) => (await client.query(text, params ?? [])).rows as never;
  const copyText = async (table: string, columns: readonly string[], text: string) => {
    if (!text) return;
    const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
    await pipeline(Readable.from([text]), stream);
  };
  return {
    query,
    copyText,
    copy: (table, columns, rows) => copyText(table, columns, rows.map(copyLine).join('')),
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
