import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf, insertUser } from '../../test/fixtures.js';
import { drivers, startTestServer, TEST_ADMIN_PASSWORD, type TestServer, useTestServer } from '../../test/harness.js';
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

describe.each(drivers())('sign-in limits on %s', (driver) => {
  let server: TestServer;
  let domainId: number;
  beforeAll(async () => {
    server = await startTestServer({
      driver,
      config: {
        trustProxy: true,
        loginLimit: { perUser: 3, perAddress: 6, windowSeconds: 600, accountCeiling: 8, accountSpacingSeconds: 30 },
      },
    });
    domainId = await domainIdOf(server.ctx);
  });
  afterAll(async () => server?.close());

  const from = (ip: string, username: string, password: string) =>
    server.request('POST', '/api/login', { body: { username, password }, headers: { 'x-forwarded-for': ip } });

  it('answers 429 with Retry-After after too many failures of an account from an address; a success clears it', async () => {
    await insertUser(server.ctx, { domainId, username: 'limited', password: 'Limited-pass-1' });
    expect((await from('10.0.0.1', 'limited', 'nope')).status).toBe(401);
    // A success before the limit clears the counter.
    expect((await from('10.0.0.1', 'limited', 'Limited-pass-1')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1', 'limited', 'nope')).status).toBe(401);
    const blocked = await from('10.0.0.1', 'limited', 'Limited-pass-1');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ id: 'app.auth.too_many_attempts', code: 429 });
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(600);
    // Another user from the same address is not blocked yet (the refused attempt counted on the address: 6 of 6).
    expect((await from('10.0.0.1', 'admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
  });

  it('keeps the owner signing in from another address while one address guesses (no lock-out)', async () => {
    await insertUser(server.ctx, { domainId, username: 'target', password: 'Target-pass-1' });
    for (let i = 0; i < 5; i++) await from('10.0.1.1', 'target', 'guess');
    expect((await from('10.0.1.1', 'target', 'Target-pass-1')).status).toBe(429);
    expect((await from('10.0.1.2', 'target', 'Target-pass-1')).status).toBe(200);
  });

  it('evaluates no more guesses than the limit when they arrive all at once', async () => {
    await insertUser(server.ctx, { domainId, username: 'parallel', password: 'Parallel-pass-1' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => from('10.0.2.1', 'parallel', 'nope')));
    const evaluated = answers.filter((a) => a.status === 401).length;
    // Refused attempts count against the address too, so with 30 at once it may refuse even some
    // of the first three.
    expect(evaluated).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.status === 429).length).toBe(30 - evaluated);
  });

  it('slows guesses at an account from many addresses past its ceiling, and still lets the owner in', async () => {
    await insertUser(server.ctx, { domainId, username: 'popular', password: 'Popular-pass-1' });
    // Eight addresses, one guess each: the ceiling (8) is reached without any address being held back.
    for (let i = 0; i < 8; i++) expect((await from(`10.1.0.${i}`, 'popular', 'nope')).status).toBe(401);
    // Past it, one attempt per spacing for the account from addresses that guessed already: the
    // next is evaluated, the one after waits.
    expect((await from('10.1.0.1', 'popular', 'nope')).status).toBe(401);
    const slowed = await from('10.1.0.2', 'popular', 'nope');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBe(30);
    // Once the spacing has passed, one more.
    await server.ctx.db.execute(
      sql`update login_counters set last_at = now() - interval '31 seconds' where key like 'user:%/popular'`,
    );
    expect((await from('10.1.0.2', 'popular', 'nope')).status).toBe(401);
    // The owner from an address with no attempt yet is not spaced (sign-in-holdout.test.ts).
    expect((await from('10.1.2.1', 'popular', 'Popular-pass-1')).status).toBe(200);
  });

  it('limits one address across users', async () => {
    let last = 0;
    for (let i = 0; i < 8; i++) {
      const res = await from('10.2.0.1', `guess${i}`, 'nope');
      last = res.status;
      if (res.status === 429) break;
    }
    expect(last).toBe(429);
    const admin = await from('10.2.0.1', 'admin', TEST_ADMIN_PASSWORD);
    expect(admin.status).toBe(429);
    expect(Number(admin.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts wrong current passwords on a password change on the session, not the sign-in', async () => {
    await insertUser(server.ctx, { domainId, username: 'changer', password: 'Changer-pass-1' });
    const token = await server.login('changer', 'Changer-pass-1');
    const change = (currentPassword: string) =>
      server.request('PUT', '/api/users/password', { token, body: { currentPassword, password: 'Changer-pass-2' } });
    for (let i = 0; i < 3; i++) expect((await change('wrong')).status).toBe(400);
    // One more ends the session: whoever holds it must sign in again, under the sign-in limits.
    const ended = await change('Changer-pass-1');
    expect(ended.status).toBe(401);
    expect(ended.body.id).toBe('app.auth.session_ended');
    expect((await server.request('GET', '/api/userinfo', { token })).status).toBe(401);
    // The owner's sign-in from the same address is untouched.
    expect(
      (await server.request('POST', '/api/login', { body: { username: 'changer', password: 'Changer-pass-1' } }))
        .status,
    ).toBe(200);
  });
});

describe.each(drivers())('password changes and deactivation end sessions on %s', (driver) => {
  // Users of its own domain only: a shared server does.
  const server = useTestServer(driver);
  let domainId: number;
  beforeAll(() => {
    domainId = server.domainId;
  });

  const alive = async (token: string) => (await server.request('GET', '/api/userinfo', { token })).status === 200;
  const apiToken = async (userId: number) =>
    (await server.request('POST', `/api/users/${userId}/tokens`, { token: server.adminToken, body: { usage: 'ci' } }))
      .body.token as string;

  it('an administrator setting a password ends every session and token of the user', async () => {
    const id = await insertUser(server.ctx, { domainId, username: 'reset-me', password: 'Reset-pass-1' });
    const session = await server.login('reset-me', 'Reset-pass-1');
    const token = await apiToken(id);
    const res = await server.request('PATCH', `/api/users/${id}`, {
      token: server.adminToken,
      body: { password: 'Reset-pass-2' },
    });
    expect(res.status).toBe(200);
    expect(await alive(session)).toBe(false);
    expect(await alive(token)).toBe(false);
    expect(await alive(server.adminToken)).toBe(true);
  });

  it("changing one's own password ends the other sessions and tokens, not the current one", async () => {
    const id = await insertUser(server.ctx, { domainId, username: 'self-change', password: 'Self-pass-1' });
    const current = await server.login('self-change', 'Self-pass-1');
    const other = await server.login('self-change', 'Self-pass-1');
    const token = await apiToken(id);
    const res = await server.request('PUT', '/api/users/password', {
      token: current,
      body: { currentPassword: 'Self-pass-1', password: 'Self-pass-2' },
    });
    expect(res.status).toBe(204);
    expect(await alive(current)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect(await alive(token)).toBe(false);
  });

  it('reactivating a user revives none of the sessions from before the deactivation', async () => {
    const id = await insertUser(server.ctx, { domainId, username: 'paused', password: 'Paused-pass-1' });
    const session = await server.login('paused', 'Paused-pass-1');
    const token = await apiToken(id);
    const patch = (state: boolean) =>
      server.request('PATCH', `/api/users/${id}`, { token: server.adminToken, body: { state } });
    expect((await patch(false)).status).toBe(200);
    expect((await patch(true)).status).toBe(200);
    expect(await alive(session)).toBe(false);
    expect(await alive(token)).toBe(false);
    expect(await alive(await server.login('paused', 'Paused-pass-1'))).toBe(true);
  });
});
