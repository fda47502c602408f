import { PERMISSIONS } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { FIXTURES } from './fixtures.js';
import { classIds, makeActor } from './helpers.js';

/**
 * Class grants (`/api/objclass/{id}/acl`, a role's Objects tab): the letters a role holds on a
 * class, and the session scope that follows them.
 */
describe.each(drivers())('class grants on %s', (driver) => {
  const s = useTestServer(driver);
  let admin: string;
  beforeAll(() => {
    admin = s.adminToken;
  });

  it('lists and replaces a role’s letters on a class, and the scope follows', async () => {
    const actor = await makeActor(s, admin, { grants: { users: 'r' } });
    const ids = await classIds(s, admin);
    const grants = await s.request('GET', `/api/objclass/${ids.users}/acl`, { token: admin });
    expect(grants.status).toBe(200);
    expect(grants.body.items).toContainEqual({
      grantee: { id: actor.roleId, name: expect.any(String) },
      granted: 'r',
      // The administrator may reduce it: nothing protects it from them.
      protectedBy: null,
    });
    const info = await s.request('GET', '/api/userinfo', { token: actor.token });
    expect(info.body.scope).toContainEqual(expect.objectContaining({ class: 'users', access: 'r' }));
    expect(
      (await s.request('POST', '/api/users', { token: actor.token, body: FIXTURES.users.create('g') })).status,
    ).toBe(403);

    const changed = await s.request('PATCH', `/api/objclass/${ids.users}/acl`, {
      token: admin,
      body: [{ grantee: { id: actor.roleId }, grants: 'rx' }],
    });
    expect(changed.status).toBe(200);
    const after = await s.request('GET', '/api/userinfo', { token: actor.token });
    expect(after.body.scope).toContainEqual(expect.objectContaining({ class: 'users', access: 'rx' }));
    expect(
      (await s.request('POST', '/api/users', { token: actor.token, body: FIXTURES.users.create('g') })).status,
    ).toBe(201);

    // With obac off every user of the domain holds the class rights.
    expect((await s.request('GET', '/api/roles', { token: actor.token })).status).toBe(403);
    await s.request('PATCH', `/api/objclass/${ids.roles}`, { token: admin, body: { obac: false } });
    expect((await s.request('GET', '/api/roles', { token: actor.token })).status).toBe(200);
    await s.request('PATCH', `/api/objclass/${ids.roles}`, { token: admin, body: { obac: true } });
    expect((await s.request('GET', '/api/roles', { token: actor.token })).status).toBe(403);

    const unknown = await s.request('PATCH', `/api/objclass/${ids.users}/acl`, {
      token: admin,
      body: [{ grantee: { id: 987654 }, grants: 'r' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0].field).toBe('grantee');
  });

  it('takes the objects permission, not the roles class, to open or change object settings', async () => {
    const ids = await classIds(s, admin);
    const target = await makeActor(s, admin);
    const roleKeeper = await makeActor(s, admin, { grants: { roles: 'rxwd', users: 'rxwd' } });
    const keeper = await makeActor(s, admin, { grants: { users: 'rxwd' }, permissions: ['systemSetting'] });
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/objclass'],
      ['PATCH', `/api/objclass/${ids.users}`, { rbac: false }],
      ['GET', `/api/objclass/${ids.users}/acl`],
      ['PATCH', `/api/objclass/${ids.users}/acl`, [{ grantee: { id: target.roleId }, grants: 'r' }]],
      ['GET', `/api/acl/objclass/${ids.users}`],
      ['PATCH', `/api/acl/objclass/${ids.users}/grantor/${target.roleId}`, []],
      ['GET', `/api/roles/${target.roleId}/classes`],
      ['PATCH', `/api/roles/${target.roleId}/classes`, [{ objclass: { id: ids.users }, grants: 'r' }]],
    ];
    for (const [method, path, body] of calls) {
      const refused = await s.request(method, path, { token: roleKeeper.token, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      const done = await s.request(method, path, { token: keeper.token, body });
      expect(done.status, `${method} ${path} ${JSON.stringify(done.body)}`).toBe(200);
    }
    const info = await s.request('GET', '/api/userinfo', { token: target.token });
    expect(info.body.scope).toContainEqual(expect.objectContaining({ class: 'users', access: 'r' }));
  });

  it("shows and changes a role's rights on every class from the role", async () => {
    const ids = await classIds(s, admin);
    const actor = await makeActor(s, admin, { grants: { calendars: 'rw' } });
    const path = `/api/roles/${actor.roleId}/classes`;
    const listed = await s.request('GET', path, { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(Object.keys(ids).length);
    expect(listed.body.items).toContainEqual({ objclass: { id: ids.calendars, name: 'calendars' }, granted: 'rw' });
    expect(listed.body.items).toContainEqual({ objclass: { id: ids.devices, name: 'devices' }, granted: '' });

    const changed = await s.request('PATCH', path, {
      token: admin,
      body: [
        { objclass: { id: ids.calendars }, grants: '' },
        { objclass: { id: ids.devices }, grants: 'rrxd' },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.items).toContainEqual({ objclass: { id: ids.calendars, name: 'calendars' }, granted: '' });
    expect(changed.body.items).toContainEqual({ objclass: { id: ids.devices, name: 'devices' }, granted: 'rrxd' });
    // The objects screen edits the same rows, and the member's scope follows at once.
    const perClass = await s.request('GET', `/api/objclass/${ids.devices}/acl`, { token: admin });
    expect(perClass.body.items).toContainEqual({
      grantee: { id: actor.roleId, name: expect.any(String) },
      granted: 'rrxd',
      protectedBy: null,
    });
    const info = await s.request('GET', '/api/userinfo', { token: actor.token });
    expect(info.body.scope).toContainEqual(expect.objectContaining({ class: 'devices', access: 'rxd' }));
    expect(info.body.scope).toContainEqual(expect.objectContaining({ class: 'calendars', access: '' }));

    const unknown = await s.request('PATCH', path, {
      token: admin,
      body: [{ objclass: { id: 987654 }, grants: 'r' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0].field).toBe('objclass');
    const letters = await s.request('PATCH', path, {
      token: admin,
      body: [{ objclass: { id: ids.users }, grants: 'q' }],
    });
    expect(letters.status).toBe(400);
    expect((await s.request('GET', '/api/roles/987654/classes', { token: admin })).status).toBe(404);
  });

  it('lists the global permissions for any signed-in user', async () => {
    const actor = await makeActor(s, admin);
    const res = await s.request('GET', '/api/permissions', { token: actor.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toContainEqual({ id: 'manageUserRoles', name: 'manageUserRoles' });
    expect(res.body.items).toContainEqual({ id: 'telephonyEvents', name: 'telephonyEvents' });
    expect(res.body.items).toHaveLength(PERMISSIONS.length);
    expect((await s.request('GET', '/api/permissions')).status).toBe(401);
  });
});
