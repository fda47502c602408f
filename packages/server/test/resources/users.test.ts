import { messages } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, TEST_ADMIN_PASSWORD, useTestServer } from '../harness.js';
import { seedLicense } from '../licenses.js';
import { FIXTURES } from './fixtures.js';
import { makeActor, unique } from './helpers.js';

describe.each(drivers())('users on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const newUser = async (extra: Record<string, unknown> = {}) => {
    const body = { ...FIXTURES.users.create('u'), ...extra };
    const res = await s.request('POST', '/api/users', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { ...res.body, password: body.password as string };
  };

  describe('tokens', () => {
    it('creates a token that authenticates, lists it without its value, and revokes it on delete', async () => {
      const user = await newUser();
      const created = await s.request('POST', `/api/users/${user.id}/tokens`, {
        token,
        body: { usage: 'ci pipeline' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ usage: 'ci pipeline', createdBy: { id: s.adminId } });
      expect(typeof created.body.token).toBe('string');
      expect(created.body.token.length).toBeGreaterThan(20);
      expect(Date.parse(created.body.createdAt)).not.toBeNaN();
      const apiToken = created.body.token as string;

      const me = await s.request('GET', '/api/userinfo', { token: apiToken });
      expect(me.status).toBe(200);
      expect(me.body.userId).toBe(user.id);

      const list = await s.request('GET', `/api/users/${user.id}/tokens`, { token });
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([
        {
          id: created.body.id,
          usage: 'ci pipeline',
          createdAt: created.body.createdAt,
          createdBy: created.body.createdBy,
          expiresAt: created.body.expiresAt,
          // It has just signed in to /userinfo.
          lastUsedAt: expect.any(String),
        },
      ]);
      expect(JSON.stringify(list.body)).not.toContain(apiToken);
      expect(
        (await s.request('GET', `/api/users/${user.id}/tokens`, { token, query: { q: 'CI*' } })).body.items,
      ).toHaveLength(1);
      expect(
        (await s.request('GET', `/api/users/${user.id}/tokens`, { token, query: { q: 'x*' } })).body.items,
      ).toEqual([]);
      const projected = await s.request('GET', `/api/users/${user.id}/tokens`, { token, query: { fields: 'usage' } });
      expect(projected.body.items).toEqual([{ id: created.body.id, usage: 'ci pipeline' }]);
      expect(
        (await s.request('GET', `/api/users/${user.id}/tokens`, { token, query: { fields: 'token' } })).status,
      ).toBe(400);
      // Sign-in sessions are not API tokens and never listed.
      await s.login(user.username, user.password, 'main');
      expect((await s.request('GET', `/api/users/${user.id}/tokens`, { token })).body.items).toHaveLength(1);

      const del = await s.request('DELETE', `/api/users/${user.id}/tokens/${created.body.id}`, { token });
      expect(del.status).toBe(200);
      expect((await s.request('GET', '/api/userinfo', { token: apiToken })).status).toBe(401);
      expect((await s.request('GET', `/api/users/${user.id}/tokens`, { token })).body.items).toEqual([]);
      expect((await s.request('DELETE', `/api/users/${user.id}/tokens/${created.body.id}`, { token })).status).toBe(
        404,
      );
    });

    it("needs changeUserPassword to mint another user's token, as that token signs in as them", async () => {
      const editor = await makeActor(s, token, { grants: { users: 'rxwd' } });
      const mine = await s.request('POST', `/api/users/${editor.userId}/tokens`, {
        token: editor.token,
        body: { usage: 'own script' },
      });
      expect(mine.status).toBe(201);
      const theirs = await s.request('POST', `/api/users/${s.adminId}/tokens`, {
        token: editor.token,
        body: { usage: 'steal' },
      });
      expect(theirs.status).toBe(403);
      expect(theirs.body).toMatchObject({ id: 'app.auth.forbidden', code: 403 });
      expect(theirs.body.token).toBeUndefined();
      const manager = await makeActor(s, token, { grants: { users: 'rxwd' }, permissions: ['changeUserPassword'] });
      const granted = await s.request('POST', `/api/users/${editor.userId}/tokens`, {
        token: manager.token,
        body: { usage: 'for the editor' },
      });
      expect(granted.status).toBe(201);
    });

    it('needs a usage', async () => {
      const user = await newUser();
      const res = await s.request('POST', `/api/users/${user.id}/tokens`, { token, body: { usage: ' ' } });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([{ field: 'usage', message: messages.required }]);
    });
  });

  it('signs a user out of every session with POST /users/{id}/logout, keeping API tokens', async () => {
    const user = await newUser();
    const session = await s.login(user.username, user.password, 'main');
    const apiToken = (await s.request('POST', `/api/users/${user.id}/tokens`, { token, body: { usage: 'keep' } })).body
      .token;
    expect((await s.request('GET', '/api/userinfo', { token: session })).status).toBe(200);
    const res = await s.request('POST', `/api/users/${user.id}/logout`, { token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.sessions).toBeGreaterThanOrEqual(1);
    expect((await s.request('GET', '/api/userinfo', { token: session })).status).toBe(401);
    expect((await s.request('GET', '/api/userinfo', { token: apiToken })).status).toBe(200);
  });

  it('sets presence and toggles DnD', async () => {
    const user = await newUser();
    const res = await s.request('PATCH', `/api/users/${user.id}/presence`, {
      token,
      body: { status: 'dnd', note: 'in a meeting' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ presence: { status: 'dnd', note: 'in a meeting' }, dnd: true });
    expect(
      (await s.request('PATCH', `/api/users/${user.id}/presence`, { token, body: { status: 'away' } })).status,
    ).toBe(400);
    const off = await s.request('PATCH', `/api/users/${user.id}`, { token, body: { dnd: false } });
    expect(off.body).toMatchObject({ presence: { status: '', note: 'in a meeting' }, dnd: false });
    const on = await s.request('PATCH', `/api/users/${user.id}`, { token, body: { dnd: true } });
    expect(on.body.presence.status).toBe('dnd');
  });

  it('stores every field: roles, license and device ids, variables', async () => {
    const role = await s.request('POST', '/api/roles', { token, body: { name: unique('r') } });
    const chat = await seedLicense(s, { product: 'CHAT' });
    const center = await seedLicense(s, { product: 'CALL_CENTER' });
    const device = async (name: string) =>
      (await s.request('POST', '/api/devices', { token, body: { ...FIXTURES.devices.create('d'), name } })).body
        .id as number;
    const d1 = await device('Desk one');
    const d2 = await device('Desk two');
    const user = await newUser({
      roles: [{ id: role.body.id }],
      license: [chat, center],
      device: { id: d1 },
      devices: [{ id: d2 }, { id: d1 }],
      profile: { team: 'red', floor: '2' },
    });
    expect(user).toMatchObject({
      roles: [{ id: role.body.id, name: role.body.name }],
      license: [
        { id: center, prod: 'CALL_CENTER' },
        { id: chat, prod: 'CHAT' },
      ],
      device: { id: d1, name: 'Desk one' },
      // A list of references comes by name.
      devices: [
        { id: d1, name: 'Desk one' },
        { id: d2, name: 'Desk two' },
      ],
      profile: { team: 'red', floor: '2' },
    });
    expect(user).not.toHaveProperty('passwordHash');
    const cleared = await s.request('PATCH', `/api/users/${user.id}`, { token, body: { roles: [], device: null } });
    expect(cleared.body).toMatchObject({ roles: [], device: null, license: [{ id: center }, { id: chat }] });
    const badVar = await s.request('PATCH', `/api/users/${user.id}`, { token, body: { profile: { ' ': 'v' } } });
    expect(badVar.status).toBe(400);
  });

  it('needs manageUserRoles, manageUserLicense and changeUserPassword to change those', async () => {
    const actor = await makeActor(s, token, { grants: { users: 'rxwd' } });
    const role = await s.request('POST', '/api/roles', { token, body: { name: unique('r') } });
    const [one, two] = [await seedLicense(s), await seedLicense(s, { product: 'EMAIL' })];
    const target = await newUser({ roles: [{ id: role.body.id }], license: [one] });
    const as = (method: string, path: string, body?: unknown) => s.request(method, path, { token: actor.token, body });

    const roles = await as('PATCH', `/api/users/${target.id}`, { roles: [] });
    expect(roles.status).toBe(403);
    expect(
      (await as('PATCH', `/api/users/${target.id}`, { roles: [{ id: role.body.id }], name: 'same roles' })).status,
    ).toBe(200);
    expect(
      (await as('POST', '/api/users', { ...FIXTURES.users.create('r'), roles: [{ id: role.body.id }] })).status,
    ).toBe(403);
    expect((await as('PATCH', `/api/users/${target.id}`, { license: [one, two] })).status).toBe(403);
    expect((await as('PATCH', `/api/users/${target.id}`, { password: 'new-Secret-1' })).status).toBe(403);
    // A PUT that leaves roles and license out would clear them: that is a change too.
    expect((await as('PUT', `/api/users/${target.id}`, FIXTURES.users.update('p'))).status).toBe(403);
    expect((await as('POST', '/api/users', FIXTURES.users.create('plain'))).status).toBe(201);

    const manager = await makeActor(s, token, {
      grants: { users: 'rxwd' },
      permissions: ['manageUserRoles', 'manageUserLicense', 'changeUserPassword'],
    });
    const ok = await s.request('PATCH', `/api/users/${target.id}`, {
      token: manager.token,
      body: { roles: [], license: [two], password: 'new-Secret-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ roles: [], license: [{ id: two, prod: 'EMAIL' }] });
    await s.login(target.username, 'new-Secret-1', 'main');
  });

  it('refuses a duplicate username (any case) with 409 and deleting oneself with 400', async () => {
    const user = await newUser();
    const dup = await s.request('POST', '/api/users', {
      token,
      body: { ...FIXTURES.users.create('d'), username: user.username.toUpperCase() },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ id: 'app.users.conflict', code: 409, fields: [{ field: 'username' }] });
    const self = await s.request('DELETE', `/api/users/${s.adminId}`, { token });
    expect(self.status).toBe(400);
    expect((await s.request('GET', `/api/users/${s.adminId}`, { token })).status).toBe(200);
  });

  it('deletes a user with ?permanent=true as the console sends it, one or a list', async () => {
    const one = await newUser();
    const del = await s.request('DELETE', `/api/users/${one.id}`, { token, query: { permanent: 'true' } });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: one.id });
    expect((await s.request('GET', `/api/users/${one.id}`, { token })).status).toBe(404);
    const [a, b] = [await newUser(), await newUser()];
    const bulk = await s.request('DELETE', '/api/users', { token, query: { id: [a.id, b.id], permanent: 'true' } });
    expect(bulk.status).toBe(200);
    const left = await s.request('GET', '/api/users', { token, query: { id: [a.id, b.id] } });
    expect(left.body.items).toEqual([]);
  });

  it('refuses deleting a role the caller holds, alone or in a list, so a domain keeps its manager', async () => {
    const me = await s.request('GET', '/api/userinfo', { token });
    const held = me.body.roles[0].id as number;
    const spare = await s.request('POST', '/api/roles', { token, body: { name: unique('spare') } });
    expect(spare.status).toBe(201);
    const one = await s.request('DELETE', `/api/roles/${held}`, { token });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ id: 'app.roles.delete_own', code: 400 });
    const list = await s.request('DELETE', '/api/roles', { token, query: { id: [spare.body.id, held] } });
    expect(list.status).toBe(400);
    // The list is one transaction: the spare role stays too.
    expect((await s.request('GET', `/api/roles/${spare.body.id}`, { token })).status).toBe(200);
    expect((await s.request('GET', `/api/roles/${held}`, { token })).status).toBe(200);
    expect((await s.request('GET', '/api/users', { token })).status).toBe(200);
    expect((await s.request('DELETE', `/api/roles/${spare.body.id}`, { token })).status).toBe(200);
  });

  it('refuses removing a role from oneself, by PATCH or by a PUT that leaves roles out', async () => {
    const me = await s.request('GET', `/api/users/${s.adminId}`, { token });
    const held = me.body.roles as { id: number }[];
    expect(held.length).toBeGreaterThan(0);
    const patch = await s.request('PATCH', `/api/users/${s.adminId}`, { token, body: { roles: [] } });
    expect(patch.status).toBe(400);
    expect(patch.body).toMatchObject({ id: 'app.users.drop_own_role', fields: [{ field: 'roles' }] });
    const put = await s.request('PUT', `/api/users/${s.adminId}`, {
      token,
      body: { username: me.body.username, name: 'Renamed' },
    });
    expect(put.status).toBe(400);
    const extra = await s.request('POST', '/api/roles', { token, body: { name: unique('extra') } });
    const added = await s.request('PATCH', `/api/users/${s.adminId}`, {
      token,
      body: { roles: [...held, { id: extra.body.id }] },
    });
    expect(added.status).toBe(200);
    expect((await s.request('GET', '/api/users', { token })).status).toBe(200);
    // A manager holding fewer rights than this user may not take a role away from it (the
    // take-down rule); the roles stay as they were.
    const manager = await makeActor(s, token, { grants: { users: 'rxwd' }, permissions: ['manageUserRoles'] });
    const drop = await s.request('PATCH', `/api/users/${s.adminId}`, { token: manager.token, body: { roles: held } });
    expect(drop.status).toBe(403);
    expect(drop.body.id).toBe('app.auth.forbidden');
    const after = await s.request('GET', `/api/users/${s.adminId}`, { token });
    expect(after.body.roles.map((r: { id: number }) => r.id)).toEqual(
      [...held, { id: extra.body.id }].map((r) => r.id),
    );
  });

  describe('state (active account)', () => {
    const signIn = (username: string, password: string) =>
      s.request('POST', '/api/login', { body: { username, password, domain: 'main' } });

    it('is active by default and shown on read', async () => {
      const user = await newUser();
      expect(user.state).toBe(true);
      expect((await s.request('GET', `/api/users/${user.id}`, { token })).body.state).toBe(true);
      expect((await signIn(user.username, user.password)).status).toBe(200);
    });

    it('refuses sign-in once inactive, after the password check, and ends every session and API token', async () => {
      const user = await newUser();
      const session = await s.login(user.username, user.password, 'main');
      const apiToken = (await s.request('POST', `/api/users/${user.id}/tokens`, { token, body: { usage: 'bot' } })).body
        .token as string;
      expect((await s.request('GET', '/api/userinfo', { token: session })).status).toBe(200);
      expect((await s.request('GET', '/api/userinfo', { token: apiToken })).status).toBe(200);

      const off = await s.request('PATCH', `/api/users/${user.id}`, { token, body: { state: false } });
      expect(off.status).toBe(200);
      expect(off.body.state).toBe(false);
      expect((await s.request('GET', '/api/userinfo', { token: session })).status).toBe(401);
      expect((await s.request('GET', '/api/userinfo', { token: apiToken })).status).toBe(401);

      const refused = await signIn(user.username, user.password);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ id: 'app.auth.inactive', code: 401 });
      expect(refused.body.detail).toMatch(/disabled/);
      // A wrong password does not learn that the account exists and is disabled.
      const wrong = await signIn(user.username, `${user.password}-wrong`);
      expect(wrong.status).toBe(401);
      expect(wrong.body.id).toBe('app.auth.invalid_credentials');

      const on = await s.request('PATCH', `/api/users/${user.id}`, { token, body: { state: true } });
      expect(on.body.state).toBe(true);
      expect((await signIn(user.username, user.password)).status).toBe(200);
      // Deactivation revoked them for good: reactivating revives neither the session nor the token.
      expect((await s.request('GET', '/api/userinfo', { token: apiToken })).status).toBe(401);
      expect((await s.request('GET', '/api/userinfo', { token: session })).status).toBe(401);
    });

    it('is set by PUT too, which re-activates when state is left out (its default)', async () => {
      const user = await newUser();
      const body = { username: user.username, name: user.name, roles: user.roles };
      const off = await s.request('PUT', `/api/users/${user.id}`, { token, body: { ...body, state: false } });
      expect(off.status).toBe(200);
      expect(off.body.state).toBe(false);
      expect((await signIn(user.username, user.password)).body.id).toBe('app.auth.inactive');
      const put = await s.request('PUT', `/api/users/${user.id}`, { token, body });
      expect(put.body.state).toBe(true);
      expect((await signIn(user.username, user.password)).status).toBe(200);
    });

    it('can be created inactive', async () => {
      const user = await newUser({ state: false });
      expect(user.state).toBe(false);
      expect((await signIn(user.username, user.password)).body.id).toBe('app.auth.inactive');
    });

    it('refuses deactivating oneself, naming state', async () => {
      const me = await s.request('PATCH', `/api/users/${s.adminId}`, { token, body: { state: false } });
      expect(me.status).toBe(400);
      expect(me.body).toMatchObject({ id: 'app.users.deactivate_self', fields: [{ field: 'state' }] });
      expect((await s.request('GET', `/api/users/${s.adminId}`, { token })).body.state).toBe(true);
      expect((await s.request('GET', '/api/userinfo', { token })).status).toBe(200);
      expect((await s.request('PATCH', `/api/users/${s.adminId}`, { token, body: { state: true } })).status).toBe(200);
    });
  });

  it('keeps phone settings per user, STUN only while the web phone is on', async () => {
    const actor = await makeActor(s, token);
    const path = '/api/user/settings/phone';
    expect((await s.request('GET', path, { token: actor.token })).body).toEqual({ webrtc: false, stun: false });
    const on = await s.request('PUT', path, { token: actor.token, body: { webrtc: true, stun: true } });
    expect(on.body).toEqual({ webrtc: true, stun: true });
    expect((await s.request('GET', path, { token: actor.token })).body).toEqual({ webrtc: true, stun: true });
    expect((await s.request('GET', path, { token })).body).toEqual({ webrtc: false, stun: false });
    const off = await s.request('PUT', path, { token: actor.token, body: { webrtc: false, stun: true } });
    expect(off.body).toEqual({ webrtc: false, stun: false });
    expect((await s.request('GET', path, { token: actor.token })).body).toEqual({ webrtc: false, stun: false });
    expect((await s.request('PUT', path, { token: actor.token, body: { webrtc: 'yes' } })).status).toBe(400);
    expect((await s.request('GET', path)).status).toBe(401);
  });

  it('changes one’s own password only with the current one', async () => {
    const actor = await makeActor(s, token);
    const path = '/api/users/password';
    const wrong = await s.request('PUT', path, {
      token: actor.token,
      body: { currentPassword: 'not-it', password: 'Brand-new-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual([{ field: 'currentPassword', message: messages.passwordMismatch }]);
    const missing = await s.request('PUT', path, {
      token: actor.token,
      body: { currentPassword: TEST_ADMIN_PASSWORD },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'password', message: messages.required }]);
    const ok = await s.request('PUT', path, {
      token: actor.token,
      body: { currentPassword: TEST_ADMIN_PASSWORD, password: 'Brand-new-1' },
    });
    expect(ok.status).toBe(204);
    await s.login(actor.username, 'Brand-new-1', 'main');
    await expect(s.login(actor.username, TEST_ADMIN_PASSWORD, 'main')).rejects.toThrow();
  });

  it('describes the resource routes in the OpenAPI document', async () => {
    const doc = await s.request('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      '/api/users',
      '/api/users/{id}',
      '/api/users/{id}/acl',
      '/api/users/{id}/tokens',
      '/api/roles',
      '/api/objclass/{id}/acl',
      '/api/acl/objclass/{id}/grantor/{grantorId}',
      '/api/logger/config',
      '/api/logger/user/{userId}/logs',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(doc.body.paths['/api/users'].post.requestBody).toBeDefined();
    expect(doc.body.paths['/api/users'].get.parameters.map((p: { name: string }) => p.name)).toContain('sort');
  });
});
