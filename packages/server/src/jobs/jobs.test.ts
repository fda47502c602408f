import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf } from '../../test/fixtures.js';
import { drivers, startTestServer, type TestServer } from '../../test/harness.js';
import { authTokens, loggerConfig, loggerEntries, loginCounters } from '../db/schema.js';
import { claimRun } from './claim.js';
import { runCleanup } from './cleanup.js';

describe.each(drivers())('scheduled jobs on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => server?.close());

  it('lets one claimer run a job until its next run is due', async () => {
    expect(await claimRun(server.ctx.db, 'test-job', 3600)).toBe(true);
    expect(await claimRun(server.ctx.db, 'test-job', 3600)).toBe(false);
    await server.ctx.db.execute(
      sql`update job_claims set run_at = now() - interval '1 second' where name = 'test-job'`,
    );
    expect(await claimRun(server.ctx.db, 'test-job', 3600)).toBe(true);
  });

  it('deletes spent sign-in counters, long-ended sessions and change-log entries past daysToStore', async () => {
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
    const counts = await runCleanup(ctx);
    expect(counts).toEqual({ loginCounters: 1, sessions: 1, logEntries: 1 });
    const keys = (await ctx.db.select({ key: loginCounters.key }).from(loginCounters)).map((r) => r.key);
    expect(keys).toContain('ip:new');
    expect(keys).not.toContain('ip:old');
    const hashes = (await ctx.db.select({ h: authTokens.tokenHash }).from(authTokens)).map((r) => r.h);
    expect(hashes).toContain('recent-ended');
    expect(hashes).not.toContain('old-ended');
    const left = await ctx.db
      .select({ object: loggerEntries.object, action: loggerEntries.action })
      .from(loggerEntries);
    expect(left).toEqual(
      expect.arrayContaining([
        { object: 'devices', action: 'update' },
        { object: 'queues', action: 'create' },
      ]),
    );
    expect(left).not.toContainEqual({ object: 'devices', action: 'create' });
  });
});
