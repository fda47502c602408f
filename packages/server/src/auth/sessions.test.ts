import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf, insertUser } from '../../test/fixtures.js';
import { drivers, startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../../test/harness.js';
import { authTokens, loggerEntries } from '../db/schema.js';
import { invalidateAuth } from './cache.js';
import { issueToken, revokeSessions } from './tokens.js';

describe.each(drivers())('sessions on %s', (driver) => {
  let server: TestServer;
  let domainId: number;
  beforeAll(async () => {
    server = await startTestServer({ driver });
    domainId = await domainIdOf(server.ctx);
  });
  afterAll(async () => server?.close());

  const login = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    server.request('POST', '/api/login', { body, headers });

  it('signs in with the right password and answers a bearer token with its expiry', async () => {
    const res = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.tokenType).toBe('Bearer');
    expect(res.body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const ttl = Date.parse(res.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(11 * 3600 * 1000);
    expect(ttl).toBeLessThanOrEqual(12 * 3600 * 1000);
    const info = await server.request('GET', '/api/userinfo', { token: res.body.accessToken });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ username: 'admin', domain: 'main', domainId });
  });

  it('stores only the hash of a token', async () => {
    const token = await server.login('admin', TEST_ADMIN_PASSWORD);
    const rows = await server.ctx.db.select({ hash: authTokens.tokenHash }).from(authTokens);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const bad = await login({ username: 'admin', password: 'wrong-password' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ id: 'app.auth.invalid_credentials', code: 401 });
    const unknown = await login({ username: 'nobody', password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.id).toBe('app.auth.invalid_credentials');
    const noDomain = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, domain: 'nowhere' });
    expect(noDomain.status).toBe(401);
  });

  it('names the missing fields of a sign-in with the spec message', async () => {
    const res = await login({ password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'username', message: 'This field is required' }]);
    expect(res.body.detail).toContain('username');
  });

  it('takes the domain from user@domain, and asks for it once there are several domains', async () => {
    const { adminToken } = await server.createDomain('acme');
    expect(adminToken).toBeTruthy();
    const at = await login({ username: 'admin@acme', password: TEST_ADMIN_PASSWORD });
    expect(at.status).toBe(200);
    const info = await server.request('GET', '/api/userinfo', { token: at.body.accessToken });
    expect(info.body.domain).toBe('acme');
    const ambiguous = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.fields).toEqual([{ field: 'domain', message: 'This field is required' }]);
    const named = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD, domain: 'main' });
    expect(named.status).toBe(200);
  });

  it('writes a sign-in entry to the user audit log', async () => {
    const userId = await insertUser(server.ctx, { domainId, username: 'auditee', password: 'Auditee-pass-1' });
    await server.login('auditee', 'Auditee-pass-1', 'main');
    const rows = await server.ctx.db
      .select()
      .from(loggerEntries)
      .where(and(eq(loggerEntries.recordId, userId), eq(loggerEntries.action, 'login')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ object: 'users', userId, domainId, userIp: '127.0.0.1' });
  });

  it('answers 401 for a missing, malformed, unknown, expired or revoked token', async () => {
    const expect401 = async (headers: Record<string, string>, path = '/api/userinfo') => {
      const res = await server.request('GET', path, { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ id: 'app.auth.unauthorized', code: 401, status: 'Unauthorized' });
    };
    await expect401({});
    await expect401({ authorization: 'Basic YWRtaW46YWRtaW4=' });
    await expect401({ authorization: 'Bearer' });
    await expect401({ authorization: 'Bearer not a token' });
    await expect401({ authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });

    const userId = await insertUser(server.ctx, { domainId, username: 'expiring', password: 'Expiring-pass-1' });
    const expired = await issueToken(server.ctx, {
      userId,
      domainId,
      kind: 'session',
      expiresAt: new Date(Date.now() - 1000),
    });
    await expect401({ authorization: `Bearer ${expired.token}` });

    const token = await server.login('expiring', 'Expiring-pass-1', 'main');
    expect((await server.request('GET', '/api/userinfo', { token })).status).toBe(200);
    // Expire it behind the cache's back: the cached principal must honour the expiry too.
    await server.ctx.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(authTokens.userId, userId));
    await invalidateAuth(server.ctx);
    await expect401({ authorization: `Bearer ${token}` });
  });

  it('logout revokes the calling token only', async () => {
    const a = await server.login('admin', TEST_ADMIN_PASSWORD, 'main');
    const b = await server.login('admin', TEST_ADMIN_PASSWORD, 'main');
    expect((await server.request('GET', '/api/userinfo', { token: a })).status).toBe(200);
    const out = await server.request('POST', '/api/logout', { token: a, body: {} });
    expect(out.status).toBe(204);
    expect((await server.request('GET', '/api/userinfo', { token: a })).status).toBe(401);
    expect((await server.request('POST', '/api/logout', { token: a, body: {} })).status).toBe(401);
    expect((await server.request('GET', '/api/userinfo', { token: b })).status).toBe(200);
  });

  it('revokeSessions ends every session of a user but keeps its API tokens', async () => {
    const userId = await insertUser(server.ctx, { domainId, username: 'sessions', password: 'Sessions-pass-1' });
    const s1 = await server.login('sessions', 'Sessions-pass-1', 'main');
    const s2 = await server.login('sessions', 'Sessions-pass-1', 'main');
    const api = await issueToken(server.ctx, { userId, domainId, kind: 'token', usage: 'ci', createdBy: userId });
    expect(api.row.expiresAt).toBeNull();
    for (const token of [s1, s2, api.token]) {
      expect((await server.request('GET', '/api/userinfo', { token })).status).toBe(200);
    }
    expect(await revokeSessions(server.ctx, userId)).toBe(2);
    expect((await server.request('GET', '/api/userinfo', { token: s1 })).status).toBe(401);
    expect((await server.request('GET', '/api/userinfo', { token: s2 })).status).toBe(401);
    expect((await server.request('GET', '/api/userinfo', { token: api.token })).status).toBe(200);
  });

  it('refuses ?access_token= on routes that do not take a token in the URL', async () => {
    const token = await server.login('admin', TEST_ADMIN_PASSWORD, 'main');
    expect((await server.request('GET', '/api/userinfo', { query: { access_token: token } })).status).toBe(401);
    expect((await server.request('GET', '/api/userinfo', { token })).status).toBe(200);
  });
});

describe('sign-in limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { loginLimit: { perUser: 3, perAddress: 6, windowSeconds: 600 } } });
  });
  afterAll(async () => server?.close());

  it('answers 429 with Retry-After after too many failures for a user, and a success clears it', async () => {
    const domainId = await domainIdOf(server.ctx);
    await insertUser(server.ctx, { domainId, username: 'limited', password: 'Limited-pass-1' });
    for (let i = 0; i < 2; i++) {
      const res = await server.request('POST', '/api/login', { body: { username: 'limited', password: 'nope' } });
      expect(res.status).toBe(401);
    }
    // A success before the limit clears the user's counter.
    await server.login('limited', 'Limited-pass-1');
    for (let i = 0; i < 3; i++) {
      const res = await server.request('POST', '/api/login', { body: { username: 'limited', password: 'nope' } });
      expect(res.status).toBe(401);
    }
    const blocked = await server.request('POST', '/api/login', {
      body: { username: 'limited', password: 'Limited-pass-1' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ id: 'app.auth.too_many_attempts', code: 429 });
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(600);
    // Another user from the same address is not blocked yet.
    expect(
      (await server.request('POST', '/api/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('limits one address across users', async () => {
    let last = 0;
    for (let i = 0; i < 8; i++) {
      const res = await server.request('POST', '/api/login', { body: { username: `guess${i}`, password: 'nope' } });
      last = res.status;
      if (res.status === 429) break;
    }
    expect(last).toBe(429);
    const admin = await server.request('POST', '/api/login', {
      body: { username: 'admin', password: TEST_ADMIN_PASSWORD },
    });
    expect(admin.status).toBe(429);
    expect(Number(admin.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
