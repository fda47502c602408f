import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf } from '../../test/fixtures.js';
import { drivers, startTestServer, type TestServer } from '../../test/harness.js';
import { authTokens, loggerConfig, loggerEntries, loginCounters } from '../db/schema.js';
import { pgliteAdapter } from './engine.js';
import { SCHEDULES } from './scheduler.js';

const FAST = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const rows = async (server: TestServer, query: ReturnType<typeof sql>) =>
  ((await server.ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe.each(drivers())('job engine on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, jobs: FAST });
  });
  afterAll(async () => server?.close());

  it('runs a sent job with its data', async () => {
    const seen: object[] = [];
    await server.ctx.jobs.work<{ n: number }>('test-run', async (data) => {
      seen.push(data);
    });
    const id = await server.ctx.jobs.send('test-run', { n: 42 });
    expect(id).toEqual(expect.any(String));
    await until(async () => seen.length > 0);
    expect(seen).toEqual([{ n: 42 }]);
    const state = async () => (await rows(server, sql`select state from pgboss.job where id = ${id}`))[0]?.state;
    await until(async () => (await state()) === 'completed');
  });

  it('declares the clean-up schedules, and their jobs clean up', async () => {
    const schedules = await rows(server, sql`select name, cron from pgboss.schedule order by name`);
    expect(schedules).toEqual(
      expect.arrayContaining(Object.values(SCHEDULES).map(({ queue, cron }) => ({ name: queue, cron }))),
    );
    const { ctx } = server;
    const domainId = await domainIdOf(ctx);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86400_000).toISOString();
    await ctx.db.insert(loginCounters).values([
      { key: 'ip:old', count: 3, windowStart: daysAgo(1) },
      { key: 'ip:new', count: 3, windowStart: new Date().toISOString() },
    ]);
    const [admin] = await ctx.db.select({ userId: authTokens.userId }).from(authTokens).limit(1);
    await ctx.db.insert(authTokens).values([
      { domainId, userId: admin.userId, kind: 'session', tokenHash: 'old-ended', revokedAt: daysAgo(30) },
      { domainId, userId: admin.userId, kind: 'session', tokenHash: 'recent-ended', revokedAt: daysAgo(1) },
    ]);
    await ctx.db.insert(loggerConfig).values({ domainId, object: 'devices', enabled: true, daysToStore: 3 });
    await ctx.db.insert(loggerEntries).values([
      { domainId, object: 'devices', action: 'create', date: daysAgo(5) },
      { domainId, object: 'devices', action: 'update', date: daysAgo(1) },
      { domainId, object: 'queues', action: 'create', date: daysAgo(50) },
    ]);
    const keys = async () => (await ctx.db.select({ key: loginCounters.key }).from(loginCounters)).map((r) => r.key);

    // What a cron slot does: a job on the schedule's queue.
    await ctx.jobs.send(SCHEDULES.loginCounters.queue);
    await until(async () => !(await keys()).includes('ip:old'));
    expect(await keys()).toContain('ip:new');

    const hashes = async () => (await ctx.db.select({ h: authTokens.tokenHash }).from(authTokens)).map((r) => r.h);
    expect(await hashes()).toContain('old-ended');
    await ctx.jobs.send(SCHEDULES.retention.queue);
    await until(async () => !(await hashes()).includes('old-ended'));
    expect(await hashes()).toContain('recent-ended');
    const left = await ctx.db
      .select({ object: loggerEntries.object, action: loggerEntries.action })
      .from(loggerEntries);
    // Past its object's days: gone; younger: kept; an object with no config keeps no log (issue 28).
    expect(left).toContainEqual({ object: 'devices', action: 'update' });
    expect(left).not.toContainEqual({ object: 'devices', action: 'create' });
    expect(left).not.toContainEqual({ object: 'queues', action: 'create' });
  });

  it('keeps a queued job across a restart', async () => {
    const dir = driver === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-jobs-')) : '';
    const owner = driver === 'postgres' ? await startTestServer({ driver }) : null;
    const reuse = owner ? { databaseUrl: owner.databaseUrl ?? '' } : { dataDir: dir };
    try {
      const first = await startTestServer({ driver, ...reuse, jobs: FAST });
      await first.ctx.jobs.send('test-restart', { keep: 'me' });
      await first.close();
      const second = await startTestServer({ driver, ...reuse, jobs: FAST });
      try {
        const seen: object[] = [];
        await second.ctx.jobs.work('test-restart', async (data) => {
          seen.push(data);
        });
        await until(async () => seen.length > 0);
        expect(seen).toEqual([{ keep: 'me' }]);
      } finally {
        await second.close();
      }
    } finally {
      await owner?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(drivers().includes('pglite'))('pg-boss adapter on PGlite', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
  });
  afterAll(async () => server?.close());

  it('rolls back a failed statement so the single session stays usable', async () => {
    const connection = server.database.jobsConnection;
    if (!('pglite' in connection)) throw new Error('expected PGlite');
    const pglite: PGlite = connection.pglite;
    const adapter = pgliteAdapter(pglite);
    await expect(
      adapter.executeSql('BEGIN; create table adapter_probe (n int); select * from no_such_table; COMMIT;', []),
    ).rejects.toThrow(/no_such_table/);
    // The app's next query runs normally, outside any transaction, and the failed work is gone.
    const [{ exists }] = await rows(server, sql`select to_regclass('adapter_probe') is not null as exists`);
    expect(exists).toBe(false);
    expect(pglite.isInTransaction()).toBe(false);
    const answer = await adapter.executeSql('select $1::int + 1 as n', [41]);
    expect(answer.rows).toEqual([{ n: 42 }]);
  });
});

describe.runIf(drivers().includes('postgres'))('two API nodes on one PostgreSQL', () => {
  it('run each cron slot once', { timeout: 120_000 }, async () => {
    const owner = await startTestServer({ driver: 'postgres' });
    const url = owner.databaseUrl ?? '';
    const nodes = await Promise.all([
      startTestServer({ databaseUrl: url, jobs: FAST }),
      startTestServer({ databaseUrl: url, jobs: FAST }),
    ]);
    try {
      const runs: { node: number; at: number }[] = [];
      // A new schedule fires the current minute's slot at once and the next one when the minute
      // ends: schedule with time left in the minute (at least 8 s of watching after the first run
      // and its polls), and watch for doubles only until the next slot is due.
      const second = new Date().getUTCSeconds();
      if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
      await Promise.all(
        nodes.map(async (node, i) => {
          await node.ctx.jobs.work('test-cron', async () => {
            runs.push({ node: i, at: Date.now() });
          });
          await node.ctx.jobs.schedule('test-cron', '* * * * *');
        }),
      );
      // The slot fires within seconds; give every node a few more polls to fire it twice.
      await until(async () => runs.length > 0, 40_000);
      const nextSlot = Math.ceil((runs[0].at + 1) / 60_000) * 60_000;
      await new Promise((resolve) => setTimeout(resolve, Math.min(8_000, nextSlot - 500 - Date.now())));
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await owner.close();
    }
  });
});
