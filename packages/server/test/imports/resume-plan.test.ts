import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/resources/imports/run.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { getImport, uploadImport } from '../imports.js';

/** Members in the queue before the import: more than the lines of one loading chunk. */
const SEEDED = 3_000;
/** Lines of the import stopped half-way and resumed; every third of its first SEEDED replaces a member. */
const ROWS = 6_000;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** Rows of `table` a plan's scans read (returned or filtered out), over all their loops. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
/** Sees each statement of the server's transactions before it runs; may change its parameters. */
type Hook = (text: string, params: unknown[], query: Query) => Promise<void>;

/**
 * Puts `hook` before every statement the server runs in a transaction (where an import commits its
 * chunks), on either driver.
 */
function intercept(s: TestServer, hook: Hook) {
  const raw = s.ctx.raw!;
  if (raw.driver === 'pglite') {
    const db = raw.pglite as PGlite;
    const transaction = db.transaction.bind(db);
    db.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const query = tx.query.bind(tx);
        const wrapped = new Proxy(tx, {
          get: (target, key) =>
            key === 'query'
              ? async (text: string, params: unknown[] = [], options?: never) => {
                  await hook(text, params, (t, p) => query(t, p));
                  return query(text, params, options);
                }
              : Reflect.get(target, key),
        });
        return fn(wrapped);
      })) as PGlite['transaction'];
    return;
  }
  const pool = raw.pool as pg.Pool;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    // The pool's own queries take a client by callback: those are left as they are.
    if (args.length) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const query = client.query.bind(client) as (...a: unknown[]) => Promise<{ rows: unknown[] }>;
      return new Proxy(client, {
        get: (target, key) =>
          key === 'query'
            ? (text: unknown, params?: unknown[]) => {
                // COPY streams (pg-copy-streams) are answered as they are, at once.
                if (typeof text !== 'string') return query(text);
                return hook(text, params ?? [], (t, p) => query(t, p)).then(() => query(text, params));
              }
            : Reflect.get(target, key),
      });
    });
  }) as pg.Pool['connect'];
}

describe.each(drivers())('a member import resumed after a crash on %s', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    // Imports are run by this test itself (no job engine): a queued one waits for it.
    (s.ctx as { jobs: unknown }).jobs = { ...s.ctx.jobs, send: async () => null };
  }, 300_000);
  afterAll(() => s?.close());

  it('plans each resumed chunk on current statistics, reading no more members than its lines', {
    timeout: 300_000,
  }, async () => {
    const token = s.adminToken;
    const post = async (path: string, body: unknown) => {
      const res = await s.request('POST', `/api${path}`, { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const calendar = await post('/calendars', { name: 'resume', timezone: { name: 'UTC' } });
    const queue = await post('/call_center/queues', { name: 'resume', type: 2, calendar: { id: calendar } });
    await post('/call_center/communication_type', { name: 'Phone', code: 'phone', channel: 'phone' });
    const template = await post('/storage/import_templates', {
      name: 'resume',
      source: { id: queue },
      parameters: { mappings: { name: 'name', destination: ['phone'], code: ['type'] } },
    });
    const phone = (i: number) => `+38050${String(i).padStart(7, '0')}`;
    const file = (count: number, first: number, replace = false) => {
      const lines = ['name,phone,type'];
      for (let i = first; i < first + count; i++)
        lines.push(`member ${i},${phone(replace && i % 3 === 0 ? i - SEEDED : i)},phone`);
      return `${lines.join('\n')}\n`;
    };
    const log = { error: (...args: unknown[]) => console.error(...args) } as never;
    const upload = async (content: string, duplicates = 'skip') => {
      const up = await uploadImport(s, token, `/storage/import_templates/${template}`, content, {
        mode: 'skip',
        duplicates,
      });
      expect(up.status, JSON.stringify(up.body)).toBe(202);
      return up.body.id;
    };

    // The queue's members, loaded by an import run to its end.
    const seed = await upload(file(SEEDED, 0));
    await runImport(s.ctx, seed, log);
    expect(await getImport(s, token, seed)).toMatchObject({ state: 'done', rowsLoaded: SEEDED });

    // An import whose run dies half-way through loading: the watermark of the chunk past half the
    // file never commits (its run lost its claim, as a run killed there does), the earlier ones have.
    let dieAt: number | null = ROWS / 2;
    type Chunk = { lines: number; read: number; rows: number; counted: number; target: boolean };
    const chunks: Chunk[] = [];
    let measuring = false;
    let table = '';
    intercept(s, async (text, params, query) => {
      if (dieAt !== null && /update imports set loaded_through = \$3/.test(text) && Number(params[2]) >= dieAt) {
        dieAt = null;
        params[1] = 'a runner that is gone';
      }
      if (measuring && /insert into cc_queue_members/.test(text)) {
        // The chunk's statement as planned and run, undone, before it runs for real.
        await query('savepoint measure', []);
        const [{ 'QUERY PLAN': plan }] = (await query(`explain (analyze, format json) ${text}`, params)).rows as {
          'QUERY PLAN': { Plan: PlanNode }[];
        }[];
        await query('rollback to savepoint measure', []);
        // The statistics it was planned on: the staging table's rows and its columns as analyzed.
        const [stats] = (
          await query(
            `select (select count(*)::int from ${table}) as rows, c.reltuples::int as counted,
               exists (select 1 from pg_stats where tablename = '${table}' and attname = 'target') as target
             from pg_class c where c.relname = '${table}'`,
            [],
          )
        ).rows as { rows: number; counted: number; target: boolean }[];
        chunks.push({
          lines: Number(params[3]) - Number(params[2]),
          read: Math.round(rowsRead(plan[0].Plan, 'cc_queue_members')),
          ...stats,
        });
      }
    });
    const id = await upload(file(ROWS, SEEDED, true), 'update');
    table = `import_staging_${Number(id)}`;
    await runImport(s.ctx, id, log);
    const stopped = await getImport(s, token, id);
    expect(stopped).toMatchObject({ state: 'running', phase: 'loading' });
    expect(stopped.rowsLoaded).toBeLessThan(ROWS);

    // The next start takes it up again (as `resumeImports` does) and loads the rest.
    const reset = `update imports set runner = null, heartbeat_at = null where id = ${Number(id)}`;
    if (s.ctx.raw!.driver === 'pglite') await s.ctx.raw!.pglite.query(reset);
    else await s.ctx.raw!.pool.query(reset);
    measuring = true;
    await runImport(s.ctx, id, log);
    expect(await getImport(s, token, id)).toMatchObject({ state: 'done', rowsLoaded: ROWS, rowsFailed: 0 });
    // Every row once: the first third of the file's every third row replaced a member.
    const count = `select count(*)::int as n from cc_queue_members where queue_id = ${Number(queue)}`;
    const [{ n }] = (
      s.ctx.raw!.driver === 'pglite' ? await s.ctx.raw!.pglite.query(count) : await s.ctx.raw!.pool.query(count)
    ).rows as { n: number }[];
    expect(n).toBe(SEEDED + ROWS - SEEDED / 3);

    console.log(`${driver}: resumed chunks: ${JSON.stringify(chunks)}`);
    expect(chunks.length).toBeGreaterThan(0);
    for (const c of chunks) {
      // Planned on statistics of the whole staging table, as a fresh import's chunks are (a resumed
      // one's were those of the first 2,000 lines checked, without the column of replaced members,
      // and it took a range of lines past them for one row).
      expect(c, JSON.stringify(chunks)).toMatchObject({ counted: c.rows, target: true });
      // Members reached by key: bounded by the chunk, not by the members already in the queue.
      expect(c.read, JSON.stringify(chunks)).toBeLessThanOrEqual(c.lines);
    }
  });
});
