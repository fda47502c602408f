import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onSipDirectoryChange } from '../../src/resources/directory/sip-directory.js';
import { drivers, useTestServer } from '../harness.js';
import { unique } from '../resources/helpers.js';

const SECRET = 'sip-credentials-test-secret';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * POST /api/telephony/sip/credentials, Kamailio's question about a device's HA1: the API keeps its
 * answers, and forgets them as soon as the device or its user changes, so the next answer is fresh.
 */
describe.each(drivers())('SIP credentials on %s', (driver) => {
  const s = useTestServer(driver, { config: { telephonySecret: SECRET } });
  const ask = async (account: string) => {
    const res = await s.request('POST', '/api/telephony/sip/credentials', {
      headers: { 'x-telephony-secret': SECRET },
      body: { realm: s.domain, account },
    });
    return { status: res.status, ha1: res.body.ha1 as string | undefined };
  };
  const write = async (method: string, path: string, body?: unknown) => {
    const res = await s.request(method, path, { token: s.adminToken, body });
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  let device: { id: number; account: string };

  beforeAll(async () => {
    const account = unique('cred');
    device = await write('POST', '/api/devices', { name: account, account, password: 'pw-cred-1' });
  });

  it('answers the HA1 again and again, and the new one right after a password change', async () => {
    const first = await ask(device.account);
    expect(first).toEqual({ status: 200, ha1: md5(`${device.account}:${s.domain}:pw-cred-1`) });
    expect(await ask(device.account.toUpperCase())).toEqual(first);
    await write('PATCH', `/api/devices/${device.id}`, { password: 'pw-cred-2' });
    expect(await ask(device.account)).toEqual({ status: 200, ha1: md5(`${device.account}:${s.domain}:pw-cred-2`) });
  });

  it("loads the realm's credentials once: other accounts, known or not, cost no query", async () => {
    const other = unique('credo');
    await write('POST', '/api/devices', { name: other, account: other, password: 'pw-other-1' });
    // The write forgets the kept directory at once, and again when its own notice comes back through
    // the database (late on a busy machine): a window in which the copy was forgotten is measured again.
    let forgets = 0;
    const stopCounting = onSipDirectoryChange(s.ctx, () => forgets++);
    const db = s.ctx.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = db.execute;
    // Only statements about devices or users count: the server's background work (job polls,
    // ticks) may query in the same moment.
    const dialect = new PgDialect();
    let queries = 0;
    db.execute = (...args: unknown[]) => {
      const statement = args[0];
      const text = typeof statement === 'string' ? statement : dialect.sqlToQuery(statement as SQL).sql;
      if (/\b(devices|users)\b/.test(text)) queries++;
      return execute.apply(db, args);
    };
    try {
      for (let attempt = 1; ; attempt++) {
        expect((await ask(device.account)).status).toBe(200);
        const forgotten = forgets;
        queries = 0;
        expect(await ask(other)).toEqual({ status: 200, ha1: md5(`${other}:${s.domain}:pw-other-1`) });
        expect((await ask(unique('nobody'))).status).toBe(404);
        if (forgets === forgotten || attempt === 5) break;
      }
      expect(queries).toBe(0);
    } finally {
      db.execute = execute;
      stopCounting();
    }
  });

  it('answers a device created after the account was asked for', async () => {
    const account = unique('later');
    expect((await ask(account)).status).toBe(404);
    await write('POST', '/api/devices', { name: account, account, password: 'pw-later-1' });
    expect(await ask(account)).toEqual({ status: 200, ha1: md5(`${account}:${s.domain}:pw-later-1`) });
  });

  it('refuses at once a device whose user was deactivated, and a deleted device', async () => {
    const username = unique('credu');
    const user = await write('POST', '/api/users', { username, name: username, password: 'Cred-user-pw-1' });
    const account = unique('credd');
    const owned = await write('POST', '/api/devices', {
      name: account,
      account,
      password: 'pw-owned-1',
      user: { id: user.id },
    });
    expect((await ask(account)).status).toBe(200);
    await write('PATCH', `/api/users/${user.id}`, { state: false });
    expect((await ask(account)).status).toBe(404);
    await write('PATCH', `/api/users/${user.id}`, { state: true });
    expect((await ask(account)).status).toBe(200);
    await write('DELETE', `/api/devices/${owned.id}`);
    expect((await ask(account)).status).toBe(404);
  });
});
