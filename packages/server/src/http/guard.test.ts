import { ACCESS_CLASSES, PERMISSIONS, RIGHTS } from '@switchboard/model';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainIdOf, grantRecord, insertRole, insertUser, setClassFlags } from '../../test/fixtures.js';
import { drivers, startTestServer, type TestServer, useTestServer } from '../../test/harness.js';
import { tokenOf } from '../auth/authenticate.js';
import { invalidateAuth } from '../auth/cache.js';
import { errorHandler } from '../core/errors.js';
import type { Guard } from '../core/principal.js';
import { guardHook, requireGuard } from './guard.js';

describe('route registration', () => {
  it('refuses a route without a guard', async () => {
    const app = Fastify();
    app.addHook('onRoute', requireGuard);
    const register = async () => {
      app.get('/api/unguarded', async () => ({}));
      await app.ready();
    };
    await expect(register()).rejects.toThrow(/has no guard/);
    await app.close();
  });

  it('accepts a guarded route', async () => {
    const app = Fastify();
    app.addHook('onRoute', requireGuard);
    app.get('/api/guarded', { config: { guard: 'authenticated' } }, async () => ({}));
    await expect(app.ready()).resolves.toBeTruthy();
    await app.close();
  });
});

describe('tokenOf', () => {
  const request = (query: Record<string, string>, queryToken?: boolean, authorization?: string) =>
    ({ headers: { authorization }, query, routeOptions: { config: { queryToken } } }) as unknown as Parameters<
      typeof tokenOf
    >[0];

  it('reads the Authorization header', () => {
    expect(tokenOf(request({}, false, 'Bearer abc'))).toBe('abc');
    expect(tokenOf(request({}, false, 'Basic abc'))).toBeNull();
  });

  it('reads ?access_token= only on routes that take it', () => {
    expect(tokenOf(request({ access_token: 'abc' }, true))).toBe('abc');
    expect(tokenOf(request({ access_token: 'abc' }))).toBeNull();
    expect(tokenOf(request({ access_token: 'abc' }, false))).toBeNull();
  });
});

describe.each(drivers())('every route of the server is guarded (%s)', (driver) => {
  const routes: RouteOptions[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver, onRoute: (route) => void routes.push(route) });
  });
  afterAll(async () => server?.close());

  it('has a valid guard on each registered route', () => {
    expect(routes.length).toBeGreaterThan(5);
    const paths = routes.map((r) => `${r.method} ${r.url}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /api/login', 'GET /api/health', 'GET /api/userinfo']));
    for (const route of routes) {
      const guard = (route.config as { guard?: Guard } | undefined)?.guard;
      const where = `${route.method} ${route.url}`;
      expect(guard, where).toBeDefined();
      if (guard === 'public' || guard === 'authenticated') continue;
      // The SIP server's routes, by the shared secret, and only those.
      if (guard === 'telephony') {
        expect(route.url, where).toMatch(/^\/api\/telephony\/sip\//);
        continue;
      }
      expect(typeof guard, where).toBe('object');
      if (typeof guard !== 'object') continue;
      expect(guard.class !== undefined || guard.permission !== undefined, where).toBe(true);
      if (guard.class !== undefined) {
        expect(ACCESS_CLASSES as readonly string[], where).toContain(guard.class);
        expect(RIGHTS as readonly string[], where).toContain(guard.right);
      }
      if (guard.permission !== undefined) expect(PERMISSIONS as readonly string[], where).toContain(guard.permission);
    }
  });

  it('keeps the public routes to the ones meant to be public', () => {
    const open = routes
      .filter((r) => (r.config as { guard?: Guard }).guard === 'public')
      .map((r) => r.url)
      .filter((url) => !url.startsWith('/api/docs'));
    expect(new Set(open)).toEqual(
      new Set([
        '/api/login',
        // The second step of a sign-in carries the single-use challenge the password step answered.
        '/api/login/two-factor',
        '/api/login/two-factor/enrol',
        '/api/health',
        '/api/openapi.json',
        '/config.json',
        '/*',
        // The chat provider's dialog sends the browser back without a token (a code instead).
        '/api/chat/setup/*',
      ]),
    );
  });
});

describe.each(drivers())('guard checks on %s', (driver) => {
  const server = useTestServer(driver);
  let app: FastifyInstance;
  let domainId: number;
  const tokens: Record<string, string> = {};
  let readerRole = 0;

  beforeAll(async () => {
    domainId = await domainIdOf(server.ctx);
    const none = await insertRole(server.ctx, { domainId, name: 'nothing' });
    readerRole = await insertRole(server.ctx, {
      domainId,
      name: 'device reader',
      grants: { devices: 'r', cc_list: 'r' },
    });
    const settings = await insertRole(server.ctx, { domainId, name: 'settings', permissions: ['systemSetting'] });
    const bypass = await insertRole(server.ctx, { domainId, name: 'reads all', permissions: ['read'] });
    const users = { plain: [none], reader: [readerRole], settings: [settings], bypass: [bypass] };
    for (const [username, roleIds] of Object.entries(users)) {
      await insertUser(server.ctx, { domainId, username, password: 'Guard-pass-1', roleIds });
      tokens[username] = await server.login(username, 'Guard-pass-1');
    }
    tokens.admin = server.adminToken;

    app = Fastify();
    app.addHook('onRoute', requireGuard);
    app.addHook('onRequest', guardHook(server.ctx));
    app.setErrorHandler(errorHandler);
    const ok = async () => ({ ok: true });
    const route = (method: 'GET' | 'POST', url: string, guard: Guard) =>
      app.route({ method, url, config: { guard }, handler: ok });
    route('GET', '/t/public', 'public');
    route('GET', '/t/auth', 'authenticated');
    route('GET', '/t/setting', { permission: 'systemSetting' });
    route('GET', '/t/devices/:id', { class: 'devices', right: 'r' });
    route('POST', '/t/devices', { class: 'devices', right: 'x' });
    route('GET', '/t/lists/:listId/numbers', { class: 'cc_list', right: 'r', recordParam: 'listId' });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, who?: string) => {
    const res = await app.inject({ method, url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
    return { status: res.statusCode, body: res.json() };
  };

  it('lets anyone reach a public route and any signed-in user an authenticated one', async () => {
    expect((await call('GET', '/t/public')).status).toBe(200);
    expect((await call('GET', '/t/auth')).status).toBe(401);
    expect((await call('GET', '/t/auth', 'plain')).status).toBe(200);
  });

  it('checks global permissions', async () => {
    const denied = await call('GET', '/t/setting', 'plain');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ id: 'app.auth.forbidden', code: 403 });
    expect((await call('GET', '/t/setting', 'settings')).status).toBe(200);
  });

  it('checks the class right while obac is on', async () => {
    expect((await call('POST', '/t/devices', 'plain')).status).toBe(403);
    expect((await call('POST', '/t/devices', 'reader')).status).toBe(403);
    expect((await call('POST', '/t/devices', 'admin')).status).toBe(200);
    await setClassFlags(server.ctx, domainId, 'devices', { obac: false });
    await invalidateAuth(server.ctx);
    expect((await call('POST', '/t/devices', 'plain')).status).toBe(200);
    await setClassFlags(server.ctx, domainId, 'devices', { obac: true });
    await invalidateAuth(server.ctx);
    expect((await call('POST', '/t/devices', 'plain')).status).toBe(403);
  });

  it('checks the record right while rbac is on, on :id or the named param', async () => {
    expect((await call('GET', '/t/devices/41', 'plain')).status).toBe(403);
    expect((await call('GET', '/t/devices/41', 'reader')).status).toBe(403);
    await grantRecord(server.ctx, { domainId, cls: 'devices', recordId: 41, roleId: readerRole, grants: 'r' });
    expect((await call('GET', '/t/devices/41', 'reader')).status).toBe(200);
    expect((await call('GET', '/t/devices/42', 'reader')).status).toBe(403);
    expect((await call('GET', '/t/lists/7/numbers', 'reader')).status).toBe(403);
    await grantRecord(server.ctx, { domainId, cls: 'cc_list', recordId: 7, roleId: readerRole, grants: 'rw' });
    expect((await call('GET', '/t/lists/7/numbers', 'reader')).status).toBe(200);
    await setClassFlags(server.ctx, domainId, 'devices', { rbac: false });
    await invalidateAuth(server.ctx);
    expect((await call('GET', '/t/devices/42', 'reader')).status).toBe(200);
    await setClassFlags(server.ctx, domainId, 'devices', { rbac: true });
    await invalidateAuth(server.ctx);
  });

  it('lets the global permission of a right bypass class and record checks', async () => {
    expect((await call('GET', '/t/devices/99', 'bypass')).status).toBe(200);
    expect((await call('POST', '/t/devices', 'bypass')).status).toBe(403);
    expect((await call('GET', '/t/devices/99', 'admin')).status).toBe(200);
  });
});
