import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * The raw loads the import benches compare an import with: the same rows written into the same
 * table as a bare client would, COPY on PostgreSQL and multi-row INSERTs of 1,000 rows on PGlite.
 * Each answers the seconds the load took; `after` (not timed) then clears the rows again.
 */

/** A table's columns and the rows of a raw load; `null` is SQL null. */
export type RawLoad = {
  table: string;
  columns: string;
  rows: number;
  row: (i: number) => readonly unknown[];
  /** Statements (with their parameters) run once the load is timed. */
  after: readonly (readonly [sql: string, params?: unknown[]])[];
};

const copyText = (values: readonly unknown[]) =>
  `${values.map((v) => (v === null ? '\\N' : String(v).replace(/\\/g, '\\\\'))).join('\t')}\n`;

/** Raw COPY of the rows on PostgreSQL (`url`). */
export async function rawCopy(url: string, load: RawLoad): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const start = performance.now();
    const stream = client.query(copyFrom(`copy ${load.table} (${load.columns}) from stdin`));
    await new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
      let i = 0;
      const pump = () => {
        while (i < load.rows) {
          let text = '';
          for (let k = 0; k < 10_000 && i < load.rows; k++, i++) text += copyText(load.row(i));
          if (!stream.write(text)) {
            stream.once('drain', pump);
            return;
          }
        }
        stream.end();
      };
      pump();
    });
    const seconds = (performance.now() - start) / 1000;
    for (const [sql, params] of load.after) await client.query(sql, params);
    return seconds;
  } finally {
    await client.end();
  }
}

/** Raw multi-row INSERTs of 1,000 rows on the PGlite data of `dataDir` (its server stopped: PGlite has one process). */
export async function rawInsert(dataDir: string, load: RawLoad): Promise<number> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    const start = performance.now();
    for (let i = 0; i < load.rows; i += 1000) {
      const params: unknown[] = [];
      const tuples: string[] = [];
      for (let k = i; k < Math.min(load.rows, i + 1000); k++) {
        tuples.push(
          `(${load
            .row(k)
            .map((v) => `$${params.push(v)}`)
            .join(', ')})`,
        );
      }
      await db.query(`insert into ${load.table} (${load.columns}) values ${tuples.join(', ')}`, params);
    }
    const seconds = (performance.now() - start) / 1000;
    for (const [sql, params] of load.after) await db.query(sql, params);
    return seconds;
  } finally {
    await db.close();
  }
}
