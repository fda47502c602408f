import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invalidateAuth } from '../../src/auth/cache.js';
import { drivers, startTestServer, useTestServer } from '../harness.js';

/**
 * API tokens expire (30, 90 or 365 days, or never; 90 unless chosen), show their last use, and
 * cannot change passwords, manage two-factor sign-in or mint tokens. Server-Timing is the
 * operator's choice.
 */
describe.each(drivers())('API tokens on %s', (driver) => {
  const s = useTestServer(driver);
  const DAY = 86_400_000;
  const mint = (body: Record<string, unknown>, token = s.adminToken) =>
    s.request('POST', `/api/users/${s.adminId}/tokens`, { token, body });

  it('expires a token when chosen at creation (90 days unless said), and refuses it once expired', async () => {
    const plain = await mint({ usage: 'default' });
    expect(plain.status).toBe(201);
    const days = (t: { createdAt: string; expiresAt: string }) =>
      Math.round((Date.parse(t.expiresAt) - Date.parse(t.createdAt)) / DAY);
    expect(days(plain.body)).toBe(90);
    for (const n of [30, 365]) expect(days((await mint({ usage: `d${n}`, expiresInDays: n })).body)).toBe(n);
    const forever = await mint({ usage: 'forever', expiresInDays: null });
    expect(forever.body.expiresAt).toBeNull();
    const bad = await mint({ usage: 'odd', expiresInDays: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('expiresInDays');
    // Once past its expiry, a token is refused.
    expect((await s.request('GET', '/api/userinfo', { token: plain.body.token })).status).toBe(200);
    await s.ctx.db.execute(
      sql`update auth_tokens set expires_at = now() - interval '1 second' where id = ${plain.body.id}`,
    );
    // (The principal cache holds the expiry it read: drop it, as a change made elsewhere would.)
    await invalidateAuth(s.ctx);
    expect((await s.request('GET', '/api/userinfo', { token: plain.body.token })).status).toBe(401);
  });

  it('shows when a token was last used', async () => {
    const created = await mint({ usage: 'used' });
    expect(created.body.lastUsedAt).toBeNull();
    const before = Date.now() - 5_000;
    expect((await s.request('GET', '/api/userinfo', { token: created.body.token })).status).toBe(200);
    const item = await s.request('GET', `/api/users/${s.adminId}/tokens/${created.body.id}`, { token: s.adminToken });
    expect(Date.parse(item.body.lastUsedAt)).toBeGreaterThan(before);
    const list = await s.request('GET', `/api/users/${s.adminId}/tokens`, { token: s.adminToken });
    expect(list.body.items.find((t: { id: number }) => t.id === created.body.id).lastUsedAt).toBe(item.body.lastUsedAt);
  });

  it('refuses a token changing passwords, two-factor sign-in or tokens (a session may)', async () => {
    const { token } = (await mint({ usage: 'automation' })).body;
    const sessionOnly = (r: { status: number; body: { id: string } }) => {
      expect(r.status).toBe(403);
      expect(r.body.id).toBe('app.auth.session_only');
    };
    const body = { currentPassword: s.adminPassword, password: 'Taken-over-12' };
    sessionOnly(await s.request('PUT', '/api/users/password', { token, body }));
    sessionOnly(await s.request('PATCH', `/api/users/${s.adminId}`, { token, body: { password: 'Taken-over-12' } }));
    sessionOnly(await s.request('POST', '/api/users/me/two-factor', { token }));
    sessionOnly(await s.request('POST', '/api/users/me/two-factor/confirm', { token, body: { code: '123456' } }));
    sessionOnly(await s.request('DELETE', '/api/users/me/two-factor', { token, body: { code: '123456' } }));
    sessionOnly(await s.request('DELETE', `/api/users/${s.adminId}/two-factor`, { token }));
    sessionOnly(await mint({ usage: 'more' }, token));
    // The token still reads and writes what its user may.
    expect((await s.request('GET', '/api/users', { token })).status).toBe(200);
    expect((await s.request('POST', '/api/users/me/two-factor', { token: s.adminToken })).status).toBe(200);
  });
});

describe.each(drivers())('Server-Timing on %s', (driver) => {
  it('is sent only when the operator turns it on', async () => {
    const off = await startTestServer({ driver });
    try {
      const res = await off.request('GET', '/api/userinfo', { token: off.adminToken });
      expect(res.status).toBe(200);
      expect(res.headers.get('server-timing')).toBeNull();
    } finally {
      await off.close();
    }
    const on = await startTestServer({ driver, config: { serverTiming: true } });
    try {
      const res = await on.request('GET', '/api/userinfo', { token: on.adminToken });
      expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+(\.\d+)?$/);
    } finally {
      await on.close();
    }
  }, 240_000);
});
