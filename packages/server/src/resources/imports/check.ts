import fs from 'node:fs';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { fieldErrors, type ImportSpec, messages, restoreCsvCell } from '@switchboard/model';
import { CsvError, parse } from 'csv-parse';
import { copyLine, type RawTx, rawQuery, rawTransaction } from '../../db/raw.js';
import type { Importer, ImportScope, RowReader } from './importer.js';
import {
  Ended,
  type ImportRecord,
  LostClaim,
  type Outcome,
  type PhaseRun,
  ROWS_PER_YIELD,
  Stopping,
  yieldToRequests,
} from './phase.js';

/** Rows checked per transaction (staged rows and report lines of one chunk commit together). */
const CHECK_CHUNK = { postgres: 5_000, pglite: 2_000 } as const;
/** Bytes to text in the file's character set; refuses bytes that are not text in it. */
class Decode extends Transform {
  private readonly decoder: TextDecoder;
  bytes = 0;
  constructor(private readonly charset: string) {
    super();
    this.decoder = new TextDecoder(charset, { fatal: true });
  }
  private notText() {
    return new Ended('failed', 'importNotText', { charset: this.charset });
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return done(this.notText());
    }
    // A NUL never stands in a text file: this is a binary (a spreadsheet, an archive, an image).
    if (text.includes('\u0000')) return done(this.notText());
    done(null, text);
  }
  override _flush(done: TransformCallback) {
    try {
      done(null, this.decoder.decode());
    } catch {
      done(this.notText());
    }
  }
}

/** File column of each field, or the header's problems. */
export function columnsOf(
  spec: ImportSpec,
  header: string[] | null,
  mapping: Record<string, number> | null,
): { map: Map<string, number>; problems: { field: string; message: string }[] } {
  const map = new Map<string, number>();
  const problems: { field: string; message: string }[] = [];
  if (mapping) {
    for (const [field, index] of Object.entries(mapping)) map.set(field, index);
  } else if (header) {
    const known = spec.columns.map((c) => c.field);
    header.forEach((cell, index) => {
      const name = cell.trim().toLowerCase();
      if (!name) return;
      const column = spec.columns.find(
        (c) => c.field.toLowerCase() === name || c.aliases?.some((a) => a.toLowerCase() === name),
      );
      if (!column)
        problems.push({ field: cell.trim(), message: `${messages.unknownColumn} (known: ${known.join(', ')})` });
      else if (!map.has(column.field)) map.set(column.field, index);
    });
  } else {
    spec.columns.forEach((c, index) => {
      map.set(c.field, index);
    });
  }
  for (const c of spec.columns) {
    if (c.required && !map.has(c.field)) problems.push({ field: c.field, message: messages.required });
  }
  return { map, problems };
}

/**
 * The checking phase: streams the file through the parser, checks each row with the model's
 * schema, and commits each chunk in one transaction: its good rows into the staging table, its
 * report lines (bad rows; on PGlite also keys met earlier in the file and keys already taken in
 * the resource's table, found through their indexes; PostgreSQL finds those once the file is
 * read) and the watermark. Then the mode decides: a dry run ends here, all-or-nothing ends with
 * any bad row, otherwise loading follows.
 */
export async function check(run: PhaseRun, row: ImportRecord): Promise<Outcome> {
  const { ctx, importer, scope, staging, mark, progress, goOn } = run;
  const raw = ctx.raw!;
  const width = importer.columns.length;
  const stagingCols = ['line', 'key', ...importer.columns.map((_, i) => `c${i}`)];
  await rawQuery(
    raw,
    // PGlite loads by ranges of lines: its key on line grows with each chunk, never built at once.
    `create table if not exists ${staging} (line integer not null${raw.driver === 'pglite' ? ' primary key' : ''},
       key text not null, ${importer.columns.map((_, i) => `c${i} text`).join(', ')})`,
  );
  // PGlite finds repeated and taken keys chunk by chunk through this index; PostgreSQL once, at
  // the end, by hashing (see `settleKeys`): a million index probes cost it more than the rest.
  const perChunkKeys = raw.driver === 'pglite' && !importer.settle;
  const options = row.options ?? {};
  let reader: RowReader | null =
    importer.reader && !row.header ? await importer.reader(ctx, scope, options, null) : null;
  if (perChunkKeys) await rawQuery(raw, `create index if not exists ${staging}_key on ${staging} (key)`);
  const chunkSize = CHECK_CHUNK[raw.driver];
  let rowsRead = row.rows_read;
  /** Rows failed so far, as parsed (the schema's refusals); the totals committed go with each chunk. */
  let through = row.checked_through;
  const committed = { failed: row.rows_failed, toLoad: row.rows_to_load };
  let map: Map<string, number> | null = row.header ? null : columnsOf(importer.def.import, null, row.mapping).map;
  let staged: (string | null)[][] = [];
  // PostgreSQL's rows go straight into COPY text: a chunk's rows outlive a few collections of
  // the young heap, and as one string per row rather than an array of strings they leave the
  // old heap far less to collect (the server's memory grew by up to 300 MB during an import).
  let stagedText = '';
  let stagedCount = 0;
  let errors: (string | null)[][] = [];
  let failedInChunk = 0;
  let lastLine = through;
  const decode = new Decode(row.charset);
  const id = String(row.id);

  /**
   * Commits one chunk. On PGlite a key already in the resource's table is reported as taken;
   * otherwise a key met before (in an earlier chunk, or earlier in this one) as a repeat of its
   * first line.
   */
  const commit = (chunk: {
    rows: (string | null)[][];
    /** On PostgreSQL the chunk's rows as COPY text (`count` of them), not as arrays. */
    text: string;
    count: number;
    errors: (string | null)[][];
    failed: number;
    line: number;
    read: number;
    bytes: number;
  }) =>
    rawTransaction(raw, async (tx) => {
      const report = (line: string, message: string) => chunk.errors.push([id, line, importer.keyField, message]);
      const keys = [...new Set(chunk.rows.map((r) => r[1] as string))];
      const earlierLine = new Map<string, string>();
      const taken = new Set<string>();
      if (perChunkKeys && keys.length) {
        const earlier = await tx.query<{ key: string; line: number }>(
          `select key, min(line) as line from ${staging} where key = any($1::text[]) group by key`,
          [keys],
        );
        for (const e of earlier) earlierLine.set(e.key, String(e.line));
        const params: unknown[] = [keys];
        const found = await tx.query<{ key: string }>(
          `select t.key from (${importer.takenKeys(scope, { p: (v) => `$${params.push(v)}` })}) as t(key)
           where t.key = any($1::text[])`,
          params,
        );
        for (const t of found) taken.add(t.key);
      }
      const fresh = chunk.rows.filter((r) => {
        const key = r[1] as string;
        const line = r[0] as string;
        const at = earlierLine.get(key);
        if (taken.has(key)) report(line, importer.takenMessage);
        else if (at !== undefined) report(line, importer.duplicateMessage.replace('{{line}}', at));
        else {
          earlierLine.set(key, line);
          return true;
        }
        return false;
      });
      const failed = committed.failed + chunk.failed + chunk.rows.length - fresh.length;
      const toLoad = committed.toLoad + fresh.length + chunk.count;
      await tx.copy(staging, stagingCols, fresh);
      await tx.copyText(staging, stagingCols, chunk.text);
      chunk.errors.sort((a, b) => Number(a[1]) - Number(b[1]));
      await tx.copy('import_errors', ['import_id', 'line', 'field', 'message'], chunk.errors);
      const cancel = await mark(
        tx,
        'checked_through = $3, rows_read = $4, rows_failed = $5, bytes_read = $6, rows_to_load = $7',
        [chunk.line, chunk.read, failed, chunk.bytes, toLoad],
      );
      committed.failed = failed;
      committed.toLoad = toLoad;
      return cancel;
    });

  // The chunk being committed while the next is parsed (on PostgreSQL the database works meanwhile).
  let pending: Promise<boolean> | null = null;
  let analyzed = false;
  const settle = async () => {
    if (!pending) return;
    const cancel = await pending;
    pending = null;
    if (!analyzed && committed.toLoad > 0) {
      // The planner's statistics of the staging table, once it holds rows: without them PGlite
      // takes each of a chunk's keys to match 0.5% of the table and reads the whole table for
      // every chunk (a million-row file spent 30 s there), and PostgreSQL cannot size the hash of
      // `settleKeys`. Keys are near-unique, and that proportion holds as the table grows, so once
      // is enough.
      await rawQuery(raw, `analyze ${staging}`);
      analyzed = true;
    }
    await progress();
    await yieldToRequests();
    if (cancel) throw new Ended('cancelled', 'importCancelled');
    goOn();
  };
  const flush = async () => {
    await settle();
    pending = commit({
      rows: staged,
      text: stagedText,
      count: stagedCount,
      errors,
      failed: failedInChunk,
      line: lastLine,
      read: rowsRead,
      bytes: decode.bytes,
    });
    // A failure surfaces at the next settle; until then it must not count as unhandled.
    pending.catch(() => {});
    through = lastLine;
    staged = [];
    stagedText = '';
    stagedCount = 0;
    errors = [];
    failedInChunk = 0;
  };

  const records = parse({
    delimiter: row.separator,
    // Line ends of any platform, even mixed in one file.
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    skip_empty_lines: true,
    info: true,
    relax_quotes: false,
  });
  // Any stream's failure (a file gone, bytes not in the charset) ends the reading of records with it.
  pipeline(fs.createReadStream(row.file_path, { highWaterMark: 256 * 1024 }), decode, records, () => {});
  let firstRecord = true;
  try {
    for await (const { record, info } of records as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (firstRecord) {
        firstRecord = false;
        if (row.header) {
          if (importer.reader) reader = await importer.reader(ctx, scope, options, record);
          const found = reader
            ? { problems: reader.problems, map: null }
            : columnsOf(importer.def.import, record, row.mapping);
          if (found.problems.length) {
            await rawTransaction(raw, async (tx) => {
              await tx.copy(
                'import_errors',
                ['import_id', 'line', 'field', 'message'],
                found.problems.map((p) => [id, String(line), p.field, p.message]),
              );
              await mark(tx, 'rows_failed = 1', []);
            });
            throw new Ended('failed', 'importHeader');
          }
          map = found.map;
          continue;
        }
        if (reader?.problems.length) {
          await rawTransaction(raw, async (tx) => {
            await tx.copy(
              'import_errors',
              ['import_id', 'line', 'field', 'message'],
              reader!.problems.map((p) => [id, '0', p.field, p.message]),
            );
            await mark(tx, 'rows_failed = 1', []);
          });
          throw new Ended('failed', 'importHeader');
        }
      }
      if (line <= through) continue;
      rowsRead++;
      lastLine = line;
      let data: Record<string, unknown> | null = null;
      if (reader) {
        const read = reader.read(record);
        if ('errors' in read) {
          failedInChunk++;
          for (const e of read.errors) errors.push([id, String(line), e.field, e.message]);
        } else data = read.record;
      } else {
        const cells: Record<string, string> = {};
        for (const [field, index] of map!) {
          const cell = record[index];
          if (cell !== undefined) cells[field] = restoreCsvCell(cell.trim());
        }
        const parsed = importer.schema.safeParse(importer.prepare ? importer.prepare(cells) : cells);
        if (!parsed.success) {
          failedInChunk++;
          for (const e of fieldErrors(parsed.error)) errors.push([id, String(line), e.field, e.message]);
        } else data = parsed.data as Record<string, unknown>;
      }
      if (data) {
        const values: (string | null)[] = [String(line), importer.key(data)];
        for (let i = 0; i < width; i++) values.push(importer.columns[i].value(data));
        if (perChunkKeys) staged.push(values);
        else {
          stagedText += copyLine(values);
          stagedCount++;
        }
      }
      if (staged.length + stagedCount + errors.length >= chunkSize) await flush();
      else if (rowsRead % ROWS_PER_YIELD === 0) await yieldToRequests();
    }
  } catch (error) {
    // The chunk being committed finishes (or fails) before the import ends.
    await (pending as Promise<boolean> | null)?.catch(() => {});
    if (error instanceof Ended || error instanceof LostClaim || error instanceof Stopping) throw error;
    if (error instanceof CsvError) {
      const e = error as CsvError & { lines?: number; record?: unknown[] };
      if (e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
        const expected = /expect (\d+)/.exec(e.message)?.[1] ?? '?';
        throw new Ended('failed', 'importRagged', {
          line: e.lines ?? 0,
          got: Array.isArray(e.record) ? e.record.length : '?',
          expected,
        });
      }
      throw new Ended('failed', 'importCsv', {
        line: e.lines ?? 0,
        reason: e.message.replace(/ at line \d+$/, ''),
      });
    }
    throw error;
  }
  if (staged.length || stagedCount || errors.length || lastLine > through) await flush();
  await settle();
  if (rowsRead === 0) throw new Ended('failed', 'importEmpty');
  if (importer.settle) {
    // Step by step, each in its own transaction with the counts of the rows it took out, and
    // requests (and a shutdown) let in between: on PGlite one statement over a large staging
    // table held the whole server for seconds.
    await importer.settle(raw, scope, staging, options, async (work) => {
      const { settled, cancel } = await rawTransaction(raw, async (tx) => {
        const n = (await work(tx)) ?? { failed: 0, skipped: 0 };
        const cancel = await mark(
          tx,
          'rows_failed = rows_failed + $3, rows_skipped = rows_skipped + $4, rows_to_load = rows_to_load - $3 - $4',
          [n.failed, n.skipped],
        );
        return { settled: n, cancel };
      });
      committed.failed += settled.failed;
      committed.toLoad -= settled.failed + settled.skipped;
      await progress();
      await yieldToRequests();
      if (cancel) throw new Ended('cancelled', 'importCancelled');
      goOn();
    });
  } else if (!perChunkKeys) {
    const settled = await rawTransaction(raw, async (tx) => {
      const n = await settleKeys(tx, importer, scope, staging);
      if (n > 0) await mark(tx, 'rows_failed = rows_failed + $3, rows_to_load = rows_to_load - $3', [n]);
      return n;
    });
    committed.failed += settled;
    committed.toLoad -= settled;
  }
  const rowsFailed = committed.failed;

  const outcome = await rawTransaction(raw, async (tx): Promise<Outcome> => {
    if (row.mode === 'dry') {
      await mark(tx, 'rows_read = rows_read', []);
      return { end: { state: 'done' } };
    }
    if (row.mode === 'all' && rowsFailed > 0) {
      await mark(tx, 'rows_read = rows_read', []);
      return { end: { state: 'failed', key: 'importRowsRefused', params: { failed: rowsFailed, rows: rowsRead } } };
    }
    await mark(tx, `phase = 'loading'`, []);
    await importer.onLoading?.(tx, scope, options);
    return {};
  });
  await progress(true);
  return outcome;
}

/**
 * Finds, in one statement over the whole staging table, the rows whose key is already in the
 * resource's table (reported as taken) or met on an earlier line of the file (reported as a
 * repeat of the first one), reports them and takes them out of the staging table. Both sides are
 * hashed, so the statement reads the staging table twice whatever its size. Run again after a
 * restart, it finds nothing more: what it found is gone from the staging table.
 */
async function settleKeys(tx: RawTx, importer: Importer, scope: ImportScope, staging: string): Promise<number> {
  // Room to hash a million keys in memory rather than in batches on disk, for this statement only.
  await tx.query(`set local work_mem = '128MB'`);
  const params: unknown[] = [scope.importId, importer.keyField, importer.takenMessage, importer.duplicateMessage];
  const taken = importer.takenKeys(scope, { p: (value) => `$${params.push(value)}` });
  const [out] = await tx.query<{ n: number }>(
    `with repeated as (
       select key, min(line) as first from ${staging} group by key having count(*) > 1
     ),
     taken as (
       select distinct t.key from (${taken}) as t(key) where t.key in (select key from ${staging})
     ),
     bad as (
       select s.line, case when t.key is not null then $3 else replace($4, '{{line}}', r.first::text) end as message
       from ${staging} s
       left join repeated r on r.key = s.key
       left join taken t on t.key = s.key
       where t.key is not null or (r.key is not null and s.line <> r.first)
     ),
     reported as (
       insert into import_errors (import_id, line, field, message) select $1, line, $2, message from bad
     ),
     gone as (
       delete from ${staging} s using bad b where s.line = b.line returning 1
     )
     select count(*)::int as n from gone`,
    params,
  );
  return out.n;
}
