import { APPLICATIONS, PERMISSIONS, roles as rolesDef, users as usersDef } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { drivers, TEST_ADMIN_PASSWORD, useTestServer } from '../harness.js';
import { classIds, makeActor, unique } from './helpers.js';

type Flagged = { id: number; protected?: boolean; protectedBy?: string | null };

/**
 * What the console reads to offer no take-down the server would refuse (takedown.ts): the
 * `protected` mark with its reason on the lists it reads (named fields) and on a record, the
 * rights a session may grant on, and the rules it mirrors (a held role's sections, a stronger
 * role's name and two-factor requirement).
 */
describe.each(drivers())('take-down marks for the console on %s', (driver) => {
  const s = useTestServer(driver);
  const adminRole = async () => (await s.request('GET', '/api/userinfo', { token: s.adminToken })).body.roles[0].id;
  const listed = async (path: string, token: string, fields?: string) => {
    const list = await s.request('GET', path, { token, query: { size: 1000, ...(fields ? { fields } : {}) } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    return new Map((list.body.items as Flagged[]).map((r) => [r.id, r]));
  };
  const consoleFields = (def: { listFields: readonly string[]; viewerFields?: readonly string[] }) =>
    [...def.listFields, ...(def.viewerFields ?? [])].join(',');

  it('answers protected and why on the lists the console reads with named fields', async () => {
    const manager = await makeActor(s, s.adminToken, { grants: { users: 'rxwd' } });
    const weak = await s.request('POST', '/api/users', {
      token: s.adminToken,
      body: { username: unique('w'), password: TEST_ADMIN_PASSWORD },
    });
    const seen = await listed('/api/users', manager.token, consoleFields(usersDef));
    expect(seen.get(s.adminId)).toMatchObject({ protected: true, protectedBy: 'stronger' });
    expect(seen.get(weak.body.id)).toMatchObject({ protected: false, protectedBy: null });
    // Named fields answer only what they name: the stored ones and the viewer's asked for.
    expect(Object.keys(seen.get(s.adminId) ?? {}).sort()).toEqual(
      [...usersDef.listFields, 'protected', 'protectedBy'].sort(),
    );
    const onlyMark = await listed('/api/users', manager.token, 'id,name,protected');
    expect(onlyMark.get(s.adminId)).toEqual({ id: s.adminId, name: expect.any(String), protected: true });
    const none = await listed('/api/users', manager.token, 'id,name');
    expect(none.get(s.adminId)).toEqual({ id: s.adminId, name: expect.any(String) });
    // Without named fields every field comes, the marks too; a record answers them as well.
    expect((await listed('/api/users', manager.token)).get(s.adminId)).toMatchObject({ protectedBy: 'stronger' });
    const read = await s.request('GET', `/api/users/${s.adminId}`, { token: manager.token });
    expect(read.body).toMatchObject({ protected: true, protectedBy: 'stronger' });
    // The administrator sees itself as the last one holding every right.
    const own = await s.request('GET', `/api/users/${s.adminId}`, { token: s.adminToken });
    expect(own.body).toMatchObject({ protected: true, protectedBy: 'lastAdministrator' });

    const role = await adminRole();
    const editor = await makeActor(s, s.adminToken, { grants: { roles: 'rxwd' } });
    const lesser = await s.request('POST', '/api/roles', { token: s.adminToken, body: { name: unique('r') } });
    const roles = await listed('/api/roles', editor.token, consoleFields(rolesDef));
    expect(roles.get(role)).toMatchObject({ protected: true, protectedBy: 'stronger' });
    expect(roles.get(editor.roleId)).toMatchObject({ protected: true, protectedBy: 'held' });
    expect(roles.get(lesser.body.id)).toMatchObject({ protected: false, protectedBy: null });
    const mine = await listed('/api/roles', s.adminToken, consoleFields(rolesDef));
    expect(mine.get(role)).toMatchObject({ protected: true, protectedBy: 'held' });
  });

  it('names the last administrator where the viewer holds no less but not every right', async () => {
    // Every permission and application, every class but devices, whose class checks are off: the
    // administrator holds nothing beyond this user, who yet does not hold every right.
    const ids = await classIds(s, s.adminToken);
    const obac = async (on: boolean) =>
      expect(
        (await s.request('PATCH', `/api/objclass/${ids.devices}`, { token: s.adminToken, body: { obac: on } })).status,
      ).toBe(200);
    await obac(false);
    try {
      const access = Object.fromEntries(APPLICATIONS.map((a) => [a, { access: 3 }]));
      const near = (
        await s.request('POST', '/api/roles', {
          token: s.adminToken,
          body: { name: unique('near'), permissions: [...PERMISSIONS], metadata: { access } },
        })
      ).body.id as number;
      const grants = Object.entries(ids)
        .filter(([cls]) => cls !== 'devices')
        .map(([, id]) => ({ objclass: { id }, grants: 'rrxxwwdd' }));
      await s.request('PATCH', `/api/roles/${near}/classes`, { token: s.adminToken, body: grants });
      const username = unique('near');
      await s.request('POST', '/api/users', {
        token: s.adminToken,
        body: { username, password: TEST_ADMIN_PASSWORD, roles: [{ id: near }] },
      });
      const token = await s.login(username, TEST_ADMIN_PASSWORD);
      const role = await adminRole();
      expect((await listed('/api/users', token, consoleFields(usersDef))).get(s.adminId)).toMatchObject({
        protectedBy: 'lastAdministrator',
      });
      expect((await listed('/api/roles', token, consoleFields(rolesDef))).get(role)).toMatchObject({
        protectedBy: 'lastAdministrator',
      });
    } finally {
      await obac(true);
    }
  });

  it('moves the marks at the next list after a change of roles or users', async () => {
    // The marks are read from rights kept between lists: a second administrator, then its
    // deactivation, must show at once.
    const role = await adminRole();
    const marks = async () => (await listed('/api/users', s.adminToken, consoleFields(usersDef))).get(s.adminId);
    expect(await marks()).toMatchObject({ protectedBy: 'lastAdministrator' });
    const second = await s.request('POST', '/api/users', {
      token: s.adminToken,
      body: { username: unique('second'), password: TEST_ADMIN_PASSWORD, roles: [{ id: role }] },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(await marks()).toMatchObject({ protected: false, protectedBy: null });
    await s.request('PATCH', `/api/users/${second.body.id}`, { token: s.adminToken, body: { state: false } });
    expect(await marks()).toMatchObject({ protectedBy: 'lastAdministrator' });
  });

  it('refuses a holder lowering a section of its role below its application', async () => {
    const shared = (
      await s.request('POST', '/api/roles', {
        token: s.adminToken,
        body: { name: unique('sections'), metadata: { access: { admin: { access: 3 } } } },
      })
    ).body.id as number;
    const role = await adminRole();
    await s.request('PATCH', `/api/users/${s.adminId}`, {
      token: s.adminToken,
      body: { roles: [{ id: role }, { id: shared }] },
    });
    try {
      // The users section followed the application (manage); set to forbidden, it is taken away.
      const lowered = await s.request('PATCH', `/api/roles/${shared}`, {
        token: s.adminToken,
        body: { metadata: { access: { admin: { access: 3, sections: { users: 1 } } } } },
      });
      expect(lowered.status).toBe(403);
      expect(lowered.body.detail).toContain('You cannot take rights away from a role you hold: section admin/users');
      // Naming it at the mode it had already is no reduction.
      const same = await s.request('PATCH', `/api/roles/${shared}`, {
        token: s.adminToken,
        body: { metadata: { access: { admin: { access: 3, sections: { users: 3 } } } } },
      });
      expect(same.status).toBe(200);
    } finally {
      await s.request('PATCH', `/api/users/${s.adminId}`, { token: s.adminToken, body: { roles: [{ id: role }] } });
    }
  });

  it('refuses renaming a role holding rights beyond the actor, or changing its two-factor requirement', async () => {
    const role = await adminRole();
    const editor = await makeActor(s, s.adminToken, { grants: { roles: 'rxwd' } });
    const patch = (id: number, body: unknown) => s.request('PATCH', `/api/roles/${id}`, { token: editor.token, body });
    const renamed = await patch(role, { name: unique('taken') });
    expect(renamed.status).toBe(403);
    expect(renamed.body.detail).toContain('You cannot rename a role that holds rights you do not');
    expect((await patch(role, { requireTwoFactor: true })).status).toBe(403);
    const kept = await s.request('GET', `/api/roles/${role}`, { token: s.adminToken });
    expect(kept.body).toMatchObject({ name: 'admin', requireTwoFactor: false });
    // The same name and requirement sent again change nothing and pass.
    expect((await patch(role, { name: 'admin', requireTwoFactor: false })).status).toBe(200);
    // A role holding no more than the editor is theirs to rename.
    const lesser = (await s.request('POST', '/api/roles', { token: s.adminToken, body: { name: unique('l') } })).body;
    expect((await patch(lesser.id, { name: unique('renamed'), requireTwoFactor: true })).status).toBe(200);
  });

  it('marks the class grants the viewer may not reduce, and refuses their reduction', async () => {
    const ids = await classIds(s, s.adminToken);
    const role = await adminRole();
    // Objects are system settings: this actor may open them, and holds read and edit on devices.
    const actor = await makeActor(s, s.adminToken, { permissions: ['systemSetting'], grants: { devices: 'rw' } });
    const lesser = (await s.request('POST', '/api/roles', { token: s.adminToken, body: { name: unique('l') } })).body;
    const acl = `/api/objclass/${ids.devices}/acl`;
    await s.request('PATCH', acl, { token: s.adminToken, body: [{ grantee: { id: lesser.id }, grants: 'r' }] });
    const grants = async (token: string) => {
      const answer = await s.request('GET', acl, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const items = answer.body.items as { grantee: { id: number }; granted: string; protectedBy: string | null }[];
      return new Map(items.map((i) => [i.grantee.id, i]));
    };
    const seen = await grants(actor.token);
    expect(seen.get(actor.roleId)).toMatchObject({ granted: 'rw', protectedBy: 'held' });
    expect(seen.get(role)).toMatchObject({ protectedBy: 'stronger' });
    expect(seen.get(lesser.id)).toMatchObject({ granted: 'r', protectedBy: null });
    expect((await grants(s.adminToken)).get(role)).toMatchObject({ protectedBy: 'held' });

    // What the marks stand for: the held role is raised, never reduced; the lesser one is reduced.
    const patch = (id: number, grants: string) =>
      s.request('PATCH', acl, { token: actor.token, body: [{ grantee: { id }, grants }] });
    expect((await patch(actor.roleId, 'r')).status).toBe(403);
    expect((await patch(role, '')).status).toBe(403);
    const lowered = await patch(lesser.id, '');
    expect(lowered.status).toBe(200);
    // The answer of a change carries the marks too.
    const after = lowered.body.items as { grantee: { id: number }; protectedBy: string | null }[];
    expect(after.find((i) => i.grantee.id === actor.roleId)?.protectedBy).toBe('held');
    expect(after.some((i) => i.grantee.id === lesser.id)).toBe(false);
  });

  it('tells a session which rights it may grant on', async () => {
    const admin = await s.request('GET', '/api/userinfo', { token: s.adminToken });
    const scope = admin.body.scope as { class: string; access: string; manage: string }[];
    expect(scope.find((e) => e.class === 'users')).toMatchObject({ access: 'rxwd', manage: 'rxwd' });
    const actor = await makeActor(s, s.adminToken, { grants: { users: 'rrxw' } });
    const mine = (await s.request('GET', '/api/userinfo', { token: actor.token })).body.scope as typeof scope;
    expect(mine.find((e) => e.class === 'users')).toMatchObject({ access: 'rxw', manage: 'r' });
  });
});
