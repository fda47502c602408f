import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { drivers, startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from './harness.js';

describe('embedded database folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-restart-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps data across a restart and refuses a second opener meanwhile', async () => {
    const first = await startTestServer({ dataDir: dir });
    let token: string;
    try {
      await first.createDomain('kept');
      token = await first.login('admin', TEST_ADMIN_PASSWORD, 'kept');
      await expect(openDatabase({ dataDir: dir, databaseUrl: null })).rejects.toThrow(
        /in use by another Switchboard process/,
      );
    } finally {
      await first.close();
    }
    const second = await startTestServer({ dataDir: dir });
    try {
      const info = await second.request('GET', '/api/userinfo', { token });
      expect(info.status).toBe(200);
      expect(info.body.domain).toBe('kept');
      // The first start's administrator is not created twice.
      expect((await second.login('admin', TEST_ADMIN_PASSWORD, 'main')).length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});

const pgOnly = drivers().includes('postgres') ? ['postgres' as const] : [];

describe.each(pgOnly)('two API nodes on one %s database', (driver) => {
  let a: TestServer;
  let b: TestServer;
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serve the same data, and a token of one works on the other until revoked', async () => {
    a = await startTestServer({ driver });
    b = await startTestServer({ databaseUrl: a.databaseUrl ?? '' });
    const token = await a.login('admin', TEST_ADMIN_PASSWORD);
    const onB = await b.request('GET', '/api/userinfo', { token });
    expect(onB.status).toBe(200);
    expect(onB.body.username).toBe('admin');
    await b.createDomain('shared');
    const onA = await a.login('admin', TEST_ADMIN_PASSWORD, 'shared');
    expect((await b.request('GET', '/api/userinfo', { token: onA })).body.domain).toBe('shared');
    // Warm B's principal cache, revoke on A: B must refuse it at once (NOTIFY clears B's cache).
    expect((await b.request('GET', '/api/userinfo', { token: onA })).status).toBe(200);
    expect((await a.request('POST', '/api/logout', { token: onA, body: {} })).status).toBe(204);
    let status = 0;
    for (let i = 0; i < 50; i++) {
      status = (await b.request('GET', '/api/userinfo', { token: onA })).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });
});
