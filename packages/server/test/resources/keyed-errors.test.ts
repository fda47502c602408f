import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { FIXTURES } from './fixtures.js';
import { classIds, makeActor, unique } from './helpers.js';

const SRC = join(import.meta.dirname, '../../src');

/**
 * Files that may build an HttpError without a key: the error module itself, the static files (never
 * seen in the console), and validation errors (whose field messages the console knows by their
 * text or key).
 */
const UNKEYED = new Set([
  'core/errors.ts',
  'http/static.ts',
  'core/route.ts',
  'resources/engine/refs.ts',
  'http/auth-routes.ts',
]);

describe('server errors in source', () => {
  it('carry a message key wherever they are built', () => {
    const files = (readdirSync(SRC, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const bare: string[] = [];
    for (const file of files) {
      const rel = relative(SRC, join(SRC, file)).replaceAll('\\', '/');
      if (UNKEYED.has(rel)) continue;
      const text = readFileSync(join(SRC, file), 'utf8');
      // An HttpError built here must be keyed in the same statement; forbidden() takes no English text.
      for (const m of text.matchAll(/new HttpError\(|forbidden\(\s*['"`]/g)) {
        const statement = text.slice(m.index, text.indexOf(';', m.index));
        if (!statement.includes('.keyed(')) bare.push(`${rel}: ${statement.split('\n')[0]}`);
      }
    }
    expect(bare).toEqual([]);
  });
});

// Errors carry a locale key and parameters besides `detail`, worded with the resource's own name.
describe.each(drivers())('keyed error messages on %s', (driver) => {
  const s = useTestServer(driver);

  it('a unique conflict names the device and the field, for the answer and the field', async () => {
    const body = FIXTURES.devices.create('keyed');
    expect((await s.request('POST', '/api/devices', { token: s.adminToken, body })).status).toBe(201);
    const res = await s.request('POST', '/api/devices', { token: s.adminToken, body: { ...body, name: 'other' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      id: 'app.devices.conflict',
      code: 409,
      detail: 'A device with this account already exists.',
      key: 'errors.conflict',
      params: { resource: 'devices', field: 'account' },
    });
    expect(res.body.fields[0]).toMatchObject({ field: 'account', key: 'errors.conflict' });
  });

  it('not found names the record in words', async () => {
    const res = await s.request('GET', '/api/call_center/buckets/999999', { token: s.adminToken });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      detail: 'No such bucket.',
      key: 'errors.notFound',
      params: { resource: 'buckets' },
    });
  });

  it('roles: a missing one, one of your own, an unknown grantee, said with the role name', async () => {
    const none = await s.request('GET', '/api/roles/987654/classes', { token: s.adminToken });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ id: 'app.roles.not_found', detail: 'No such role.', key: 'errors.notFound' });

    const actor = await makeActor(s, s.adminToken, { grants: { roles: 'rxwd' } });
    const own = await s.request('DELETE', `/api/roles/${actor.roleId}`, { token: actor.token });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({
      id: 'app.roles.delete_own',
      detail: 'You cannot delete a role you hold.',
      key: 'errors.deleteOwnRole',
    });

    const ids = await classIds(s, s.adminToken);
    const grant = await s.request('PATCH', `/api/objclass/${ids.calendars}/acl`, {
      token: s.adminToken,
      body: [{ grantee: { id: 987654 }, grants: 'r' }],
    });
    expect(grant.status).toBe(400);
    expect(grant.body).toMatchObject({ detail: 'No such role: 987654.', key: 'errors.unknownRoles' });
    expect(grant.body.fields).toEqual([
      { field: 'grantee', message: 'No such role: 987654.', key: 'errors.unknownRoles', params: { ids: '987654' } },
    ]);
  });

  it('a flow in use names its users in a parameter', async () => {
    const flow = await s.request('POST', '/api/routing/schema', {
      token: s.adminToken,
      body: { name: unique('keyed'), type: 'voice', schema: [{ answer: {} }] },
    });
    expect(flow.status).toBe(201);
    const name = unique('keyed rule');
    const rule = await s.request('POST', '/api/routing/outbound/calls', {
      token: s.adminToken,
      body: { name, schema: { id: flow.body.id }, pattern: '.' },
    });
    expect(rule.status).toBe(201);
    const del = await s.request('DELETE', `/api/routing/schema/${flow.body.id}`, { token: s.adminToken });
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({
      id: 'app.flows.in_use',
      detail: `This flow is used by "${name}" (outbound routes, chat routes, chat gateways, triggers or email profiles): change or delete those first.`,
      key: 'errors.flowInUse',
      params: { names: `"${name}"` },
    });
    expect(del.body.fields[0]).toMatchObject({ field: 'id', key: 'errors.flowInUse' });
  });

  it('sign-in, telephony and unknown routes are keyed too', async () => {
    const login = await s.request('POST', '/api/login', {
      body: { username: unique('nobody'), password: 'wrong', domain: 'main' },
    });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ id: 'app.auth.invalid_credentials', key: 'errors.signInFailed' });

    const phone = await makeActor(s, s.adminToken, { permissions: ['telephonyEvents'] });
    const gateway = await s.request('POST', '/api/telephony/events', {
      token: phone.token,
      body: { type: 'gateway', name: 'no-such-gateway', state: 'failed' },
    });
    expect(gateway.status).toBe(404);
    expect(gateway.body).toMatchObject({ key: 'errors.gatewayNotFound', params: { gateway: '"no-such-gateway"' } });

    const route = await s.request('GET', '/api/no/such/route', { token: s.adminToken });
    expect(route.status).toBe(404);
    expect(route.body).toMatchObject({
      id: 'app.not_found',
      detail: 'No route GET /api/no/such/route.',
      key: 'errors.routeNotFound',
    });
  });

  it('a missing class right says which right in words, keyed', async () => {
    const actor = await makeActor(s, s.adminToken);
    const res = await s.request('GET', '/api/calendars', { token: actor.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      id: 'app.auth.forbidden',
      detail: 'You may not read calendar records.',
      key: 'errors.classRight',
      params: { right: 'r', resource: 'calendars' },
    });
  });
});
