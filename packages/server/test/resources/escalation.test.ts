import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { seedLicense } from '../licenses.js';
import { classIds, makeActor, unique } from './helpers.js';

/**
 * Nobody ends with more rights than they hold. Every write route of the families below (roles,
 * class grants, default record access, users and their roles, tokens, log-outs, second-factor
 * resets) must appear in CASES: a new such route fails this suite until its escalation is tried.
 */
const FAMILIES = [
  /^\/api\/roles(\/|$)/,
  /^\/api\/objclass\/:id\/acl$/,
  /^\/api\/acl\/objclass\//,
  /^\/api\/users(\/:id)?$/,
  /^\/api\/users\/:id\/(tokens|logout|two-factor)$/,
  /^\/api\/products\/:id\/users\/:userId\/logout$/,
];
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Ctx = { s: TestServer; admin: string; adminRoleId: number; adminUserId: number; ids: Record<string, number> };
type Case = (c: Ctx) => Promise<void>;

const status = async (c: Ctx, method: string, path: string, token: string, body?: unknown) =>
  (await c.s.request(method, path, { token, body })).status;

/** A role editor: `rxwd` on roles and nothing else (no permissions, no application access). */
const roleEditor = (c: Ctx) => makeActor(c.s, c.admin, { grants: { roles: 'rxwd' } });
/** An object-settings keeper: `rxwd` on roles and the objects permission, nothing more. */
const objectKeeper = (c: Ctx) => makeActor(c.s, c.admin, { grants: { roles: 'rxwd' }, permissions: ['systemSetting'] });
/** A user manager: users rights and the permissions to set roles and passwords, nothing more. */
const userManager = (c: Ctx) =>
  makeActor(c.s, c.admin, {
    grants: { users: 'rxwd' },
    permissions: ['manageUserRoles', 'changeUserPassword', 'manageUserLicense'],
  });
const newRole = async (c: Ctx, body: Record<string, unknown> = {}) =>
  (await c.s.request('POST', '/api/roles', { token: c.admin, body: { name: unique('r'), ...body } })).body.id as number;

async function roleChange(c: Ctx, method: 'PUT' | 'PATCH') {
  const actor = await roleEditor(c);
  // One's own role: nothing one lacks, though its name may change (takedown.test.ts: nor reduced).
  expect(
    await status(c, method, `/api/roles/${actor.roleId}`, actor.token, {
      name: unique('own'),
      permissions: ['systemSetting'],
    }),
  ).toBe(403);
  expect(
    await status(c, method, `/api/roles/${actor.roleId}`, actor.token, { name: unique('own'), permissions: [] }),
  ).toBe(200);
  const otherName = unique('other');
  const other = await newRole(c, { name: otherName, permissions: ['systemSetting'] });
  // Adding what one lacks is refused; keeping what is there already is not an escalation.
  expect(
    await status(c, method, `/api/roles/${other}`, actor.token, {
      name: unique('x'),
      permissions: ['systemSetting', 'changeUserPassword'],
    }),
  ).toBe(403);
  expect(
    await status(c, method, `/api/roles/${other}`, actor.token, {
      name: unique('x'),
      metadata: { access: { admin: { access: 3 } } },
    }),
  ).toBe(403);
  // (Under its own name: a role holding more than one holds keeps it, takedown-console.test.ts.)
  expect(
    await status(c, method, `/api/roles/${other}`, actor.token, {
      name: otherName,
      description: 'kept',
      permissions: ['systemSetting'],
    }),
  ).toBe(200);
  // The administrator, who holds everything, may.
  expect(
    await status(c, method, `/api/roles/${other}`, c.admin, { name: unique('x'), permissions: ['changeUserPassword'] }),
  ).toBe(200);
}

async function userChange(c: Ctx, method: 'PUT' | 'PATCH') {
  const actor = await userManager(c);
  const target = await c.s.request('POST', '/api/users', {
    token: c.admin,
    body: { username: unique('u'), password: 'S3cret-pass-1' },
  });
  // Giving the administrator's role (to someone else or to oneself) is refused; a weaker role is not.
  expect(
    await status(c, method, `/api/users/${target.body.id}`, actor.token, {
      username: target.body.username,
      roles: [{ id: c.adminRoleId }],
    }),
  ).toBe(403);
  expect(
    await status(c, method, `/api/users/${actor.userId}`, actor.token, {
      username: actor.username,
      roles: [{ id: actor.roleId }, { id: c.adminRoleId }],
    }),
  ).toBe(403);
  const weak = await newRole(c);
  expect(
    await status(c, method, `/api/users/${target.body.id}`, actor.token, {
      username: target.body.username,
      roles: [{ id: weak }],
    }),
  ).toBe(200);
  // The administrator's password is beyond a user manager; a weaker user's is not.
  expect(
    await status(c, method, `/api/users/${c.adminUserId}`, actor.token, {
      username: 'admin',
      password: 'Taken-over-1',
    }),
  ).toBe(403);
  expect(
    await status(c, method, `/api/users/${target.body.id}`, actor.token, {
      username: target.body.username,
      password: 'Reset-pass-12',
    }),
  ).toBe(200);
}

async function onStrongerUser(
  c: Ctx,
  method: string,
  path: (userId: number) => string,
  okStatus: number,
  body: Record<string, unknown> = {},
) {
  const actor = await userManager(c);
  const weak = await c.s.request('POST', '/api/users', {
    token: c.admin,
    body: { username: unique('w'), password: 'S3cret-pass-1' },
  });
  expect(await status(c, method, path(c.adminUserId), actor.token, body)).toBe(403);
  expect(await status(c, method, path(weak.body.id), actor.token, body)).toBe(okStatus);
}

async function classGrant(c: Ctx) {
  const actor = await objectKeeper(c);
  const other = await newRole(c);
  const acl = (cls: string) => `/api/objclass/${c.ids[cls]}/acl`;
  // Rights on one's own role, or rights one lacks, are refused; rights one holds can be passed on.
  expect(await status(c, 'PATCH', acl('roles'), actor.token, [{ grantee: { id: actor.roleId }, grants: 'r' }])).toBe(
    403,
  );
  expect(await status(c, 'PATCH', acl('users'), actor.token, [{ grantee: { id: other }, grants: 'rw' }])).toBe(403);
  expect(await status(c, 'PATCH', acl('roles'), actor.token, [{ grantee: { id: other }, grants: 'rr' }])).toBe(403);
  expect(await status(c, 'PATCH', acl('roles'), actor.token, [{ grantee: { id: other }, grants: 'r' }])).toBe(200);
  expect(await status(c, 'PATCH', acl('users'), c.admin, [{ grantee: { id: other }, grants: 'rw' }])).toBe(200);
}

async function defaultAcl(c: Ctx) {
  const actor = await objectKeeper(c);
  const other = await newRole(c);
  const path = `/api/acl/objclass/${c.ids.users}/grantor/${other}`;
  expect(await status(c, 'PATCH', path, actor.token, [{ grantee: { id: actor.roleId }, grants: 'r' }])).toBe(403);
  expect(await status(c, 'PATCH', path, actor.token, [{ grantee: { id: other }, grants: 'rw' }])).toBe(403);
  expect(await status(c, 'PATCH', path, c.admin, [{ grantee: { id: other }, grants: 'rw' }])).toBe(200);
}

async function roleClasses(c: Ctx) {
  const actor = await objectKeeper(c);
  const other = await newRole(c);
  const path = (role: number) => `/api/roles/${role}/classes`;
  const set = (cls: string, grants: string) => [{ objclass: { id: c.ids[cls] }, grants }];
  expect(await status(c, 'PATCH', path(actor.roleId), actor.token, set('roles', 'r'))).toBe(403);
  expect(await status(c, 'PATCH', path(other), actor.token, set('users', 'r'))).toBe(403);
  expect(await status(c, 'PATCH', path(other), actor.token, set('roles', 'rr'))).toBe(403);
  expect(await status(c, 'PATCH', path(other), actor.token, set('roles', 'rw'))).toBe(200);
  expect(await status(c, 'PATCH', path(other), c.admin, set('users', 'rrww'))).toBe(200);
  // Rights the target already holds beyond the actor may stay; only what is added is checked
  // (taking rights away from a role holding more than the actor is refused: takedown.test.ts).
  expect(await status(c, 'PATCH', path(other), actor.token, [...set('users', 'rrww'), ...set('roles', 'rwd')])).toBe(
    200,
  );
  expect(await status(c, 'PATCH', path(other), actor.token, set('roles', 'r'))).toBe(403);
}

const CASES: Record<string, Case> = {
  'POST /api/roles': async (c) => {
    const actor = await roleEditor(c);
    const post = (body: Record<string, unknown>) =>
      status(c, 'POST', '/api/roles', actor.token, { name: unique('n'), ...body });
    expect(await post({ permissions: ['systemSetting'] })).toBe(403);
    expect(await post({ metadata: { access: { admin: { access: 2 } } } })).toBe(403);
    expect(await post({ metadata: { access: { admin: { access: 1, sections: { users: 3 } } } } })).toBe(403);
    expect(await post({ permissions: [] })).toBe(201);
  },
  'PUT /api/roles/:id': (c) => roleChange(c, 'PUT'),
  'PATCH /api/roles/:id': (c) => roleChange(c, 'PATCH'),
  'DELETE /api/roles/:id': async (c) => {
    const actor = await roleEditor(c);
    expect(await status(c, 'DELETE', `/api/roles/${actor.roleId}`, actor.token)).toBe(400);
  },
  'DELETE /api/roles': async (c) => {
    const actor = await roleEditor(c);
    const res = await c.s.request('DELETE', '/api/roles', { token: actor.token, query: { id: actor.roleId } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await c.s.request('GET', `/api/roles/${actor.roleId}`, { token: c.admin })).status).toBe(200);
  },
  'PATCH /api/objclass/:id/acl': classGrant,
  'PATCH /api/acl/objclass/:id/grantor/:grantorId': defaultAcl,
  'PATCH /api/roles/:id/classes': roleClasses,
  'POST /api/users': async (c) => {
    const actor = await userManager(c);
    const post = (roles: { id: number }[]) =>
      status(c, 'POST', '/api/users', actor.token, { username: unique('n'), password: 'S3cret-pass-1', roles });
    expect(await post([{ id: c.adminRoleId }])).toBe(403);
    expect(await post([{ id: await newRole(c) }])).toBe(201);
  },
  'PUT /api/users/:id': (c) => userChange(c, 'PUT'),
  'PATCH /api/users/:id': (c) => userChange(c, 'PATCH'),
  'DELETE /api/users/:id': async (c) => {
    // Deleting takes rights away from the deleted user only; oneself is refused.
    const actor = await userManager(c);
    expect(await status(c, 'DELETE', `/api/users/${actor.userId}`, actor.token)).toBe(400);
  },
  'DELETE /api/users': async (c) => {
    const actor = await userManager(c);
    await c.s.request('DELETE', '/api/users', { token: actor.token, query: { id: actor.userId } });
    expect((await c.s.request('GET', `/api/users/${actor.userId}`, { token: c.admin })).status).toBe(200);
  },
  'POST /api/users/:id/tokens': (c) =>
    onStrongerUser(c, 'POST', (id) => `/api/users/${id}/tokens`, 201, { usage: 'escalation test' }),
  'DELETE /api/users/:id/tokens': async (c) => {
    // Revoking takes rights away only, and only under the user of the path: another user's token
    // named by id stays.
    const actor = await userManager(c);
    const theirs = await c.s.request('POST', `/api/users/${c.adminUserId}/tokens`, {
      token: c.admin,
      body: { usage: 'escalation test' },
    });
    expect(theirs.status).toBe(201);
    const res = await c.s.request('DELETE', `/api/users/${actor.userId}/tokens`, {
      token: actor.token,
      query: { id: theirs.body.id },
    });
    expect(res.body.items).toEqual([]);
    const still = await c.s.request('GET', `/api/users/${c.adminUserId}/tokens/${theirs.body.id}`, { token: c.admin });
    expect(still.status).toBe(200);
  },
  'POST /api/users/:id/logout': (c) => onStrongerUser(c, 'POST', (id) => `/api/users/${id}/logout`, 200),
  'DELETE /api/users/:id/two-factor': (c) => onStrongerUser(c, 'DELETE', (id) => `/api/users/${id}/two-factor`, 404),
  'POST /api/products/:id/users/:userId/logout': async (c) => {
    const license = await seedLicense(c.s, { limit: 10 });
    const actor = await userManager(c);
    const weak = await c.s.request('POST', '/api/users', {
      token: c.admin,
      body: { username: unique('l'), password: 'S3cret-pass-1', license: [license] },
    });
    await c.s.request('PATCH', `/api/users/${c.adminUserId}`, { token: c.admin, body: { license: [license] } });
    const path = (userId: number) => `/api/products/${license}/users/${userId}/logout`;
    expect(await status(c, 'POST', path(c.adminUserId), actor.token)).toBe(403);
    expect(await status(c, 'POST', path(weak.body.id), actor.token)).toBe(200);
  },
};

describe.each(drivers())('escalation on %s', (driver) => {
  const routes: RouteOptions[] = [];
  const ctx = {} as Ctx;
  beforeAll(async () => {
    ctx.s = await startTestServer({ driver, onRoute: (r) => routes.push(r) });
    ctx.admin = ctx.s.adminToken;
    const me = await ctx.s.request('GET', '/api/userinfo', { token: ctx.admin });
    ctx.adminUserId = me.body.userId;
    ctx.adminRoleId = me.body.roles[0].id;
    ctx.ids = await classIds(ctx.s, ctx.admin);
  });
  afterAll(async () => ctx.s?.close());

  it('has a case for every write route of the families that hand out rights', () => {
    const found = routes
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`))
      .filter((key) => {
        const [method, url] = key.split(' ');
        return WRITES.has(method) && FAMILIES.some((f) => f.test(url));
      });
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((key) => !(key in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((key) => !found.includes(key))).toEqual([]);
  });

  for (const [route, run] of Object.entries(CASES)) {
    it(`refuses escalation through ${route}`, () => run(ctx));
  }
});
