import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish } from '../src/events/hub.js';
import { drivers, startTestServer, type TestServer } from './harness.js';
import { openEvents } from './sse.js';

const onPostgres = drivers().includes('postgres');

describe.runIf(onPostgres)('the LISTEN connection on postgres', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver: 'postgres' });
  });
  afterAll(async () => s?.close());

  const health = async () => (await s.request('GET', '/api/health')).body as { status: string; listener: string };

  it('comes back after its backend is terminated, says so in /api/health, and makes nodes re-read', async () => {
    expect(await health()).toEqual({ status: 'ok', listener: 'up' });
    const before = await openEvents(s.url, s.adminToken, 'devices');
    expect(before.status).toBe(200);
    await s.ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'switchboard-listener' and datname = current_database()`,
    );
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const h = await health();
      seen.add(h.listener);
      if (seen.has('reconnecting') && h.listener === 'up') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toContain('reconnecting');
    expect((await health()).listener).toBe('up');
    // Streams open during the gap are ended so browsers re-open them and read afresh.
    await before.ended;
    // And events travel again.
    const after = await openEvents(s.url, s.adminToken, 'devices');
    const domainId = (await s.request('GET', '/api/userinfo', { token: s.adminToken })).body.domainId;
    await publish(s.ctx, { domainId, topic: 'devices', data: { id: 1, state: 'reged' } });
    expect((await after.next((e) => e.event === 'devices')).data).toEqual({ id: 1, state: 'reged' });
    after.close();
  });
});

describe('the embedded database', () => {
  it('reports its in-process listener in /api/health', async () => {
    const s = await startTestServer({ driver: 'pglite' });
    try {
      expect((await s.request('GET', '/api/health')).body).toEqual({ status: 'ok', listener: 'embedded' });
    } finally {
      await s.close();
    }
  });
});
