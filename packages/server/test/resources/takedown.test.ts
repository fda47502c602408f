import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPLICATIONS, PERMISSIONS } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { drivers, startTestServer, TEST_ADMIN_PASSWORD, type TestServer, useTestServer } from '../harness.js';
import { classIds, makeActor, unique } from './helpers.js';

/**
 * Nobody takes the administrator down: a user or role holding rights beyond the actor cannot be
 * deactivated, renamed, deleted or reduced by them (single, bulk and sub-list routes alike), and
 * the domain always keeps an active user holding every right.
 */
describe.each(drivers())('administrator take-down on %s', (driver) => {
  const s = useTestServer(driver);
  const adminRole = async () => (await s.request('GET', '/api/userinfo', { token: s.adminToken })).body.roles[0].id;
  const newUser = async (roles: { id: number }[] = []) =>
    (
      await s.request('POST', '/api/users', {
        token: s.adminToken,
        body: { username: unique('u'), password: TEST_ADMIN_PASSWORD, roles },
      })
    ).body as { id: number; username: string };
  const userManager = () =>
    makeActor(s, s.adminToken, { grants: { users: 'rxwd' }, permissions: ['manageUserRoles', 'changeUserPassword'] });
  const adminState = async () => (await s.request('GET', `/api/users/${s.adminId}`, { token: s.adminToken })).body;

  it('refuses a user manager deactivating, renaming, stripping or deleting the administrator', async () => {
    const actor = await userManager();
    const role = await adminRole();
    const patch = (body: unknown) => s.request('PATCH', `/api/users/${s.adminId}`, { token: actor.token, body });
    const off = await patch({ state: false });
    expect(off.status).toBe(403);
    expect(off.body.detail).toContain('You cannot deactivate a user who holds rights you do not');
    expect((await patch({ roles: [] })).status).toBe(403);
    expect((await patch({ username: unique('x') })).status).toBe(403);
    const put = await s.request('PUT', `/api/users/${s.adminId}`, {
      token: actor.token,
      body: { username: 'admin', state: true },
    });
    expect(put.status).toBe(403);
    expect((await s.request('DELETE', `/api/users/${s.adminId}`, { token: actor.token })).status).toBe(403);
    const bulk = await s.request('DELETE', '/api/users', { token: actor.token, query: { id: s.adminId } });
    expect(bulk.status).toBe(403);
    const admin = await adminState();
    expect(admin).toMatchObject({ state: true, username: 'admin', roles: [{ id: role }] });
    // A user holding no more than the manager is theirs to manage.
    const weak = await newUser();
    expect(
      (await s.request('PATCH', `/api/users/${weak.id}`, { token: actor.token, body: { state: false } })).status,
    ).toBe(200);
    expect((await s.request('DELETE', '/api/users', { token: actor.token, query: { id: weak.id } })).status).toBe(200);
  });

  it('refuses a role editor reducing or deleting the administrator role', async () => {
    const role = await adminRole();
    const editor = await makeActor(s, s.adminToken, { grants: { roles: 'rxwd' } });
    const keeper = await makeActor(s, s.adminToken, { grants: { roles: 'rxwd' }, permissions: ['systemSetting'] });
    const reduce = await s.request('PATCH', `/api/roles/${role}`, { token: editor.token, body: { permissions: [] } });
    expect(reduce.status).toBe(403);
    expect(reduce.body.detail).toContain('You cannot take rights away from a role that holds rights you do not');
    const put = await s.request('PUT', `/api/roles/${role}`, { token: keeper.token, body: { name: 'admin' } });
    expect(put.status).toBe(403);
    expect((await s.request('DELETE', `/api/roles/${role}`, { token: editor.token })).status).toBe(403);
    expect((await s.request('DELETE', '/api/roles', { token: editor.token, query: { id: role } })).status).toBe(403);
    const ids = await classIds(s, s.adminToken);
    const classes = await s.request('PATCH', `/api/roles/${role}/classes`, {
      token: keeper.token,
      body: [{ objclass: { id: ids.roles }, grants: 'r' }],
    });
    expect(classes.status).toBe(403);
    const acl = await s.request('PATCH', `/api/objclass/${ids.devices}/acl`, {
      token: keeper.token,
      body: [{ grantee: { id: role }, grants: '' }],
    });
    expect(acl.status).toBe(403);
    const kept = await s.request('GET', `/api/roles/${role}`, { token: s.adminToken });
    expect(kept.body.permissions).toHaveLength(PERMISSIONS.length);
    const grants = await s.request('GET', `/api/roles/${role}/classes`, { token: s.adminToken });
    expect(grants.body.items.every((i: { granted: string }) => i.granted === 'rrxxwwdd')).toBe(true);
    // The administrator still answers the same: signed in and holding every permission.
    const me = await s.request('GET', '/api/userinfo', { token: s.adminToken });
    expect(me.status).toBe(200);
  });

  it('marks the users and roles the viewer may not take down, by the same rule', async () => {
    const actor = await userManager();
    const weak = await newUser();
    const flags = async (path: string, token: string) => {
      const list = await s.request('GET', path, { token, query: { size: 1000 } });
      expect(list.status).toBe(200);
      return new Map((list.body.items as { id: number; protected: boolean }[]).map((r) => [r.id, r.protected]));
    };
    // The manager may not take the administrator down, but may the weaker user and itself.
    const seen = await flags('/api/users', actor.token);
    expect(seen.get(s.adminId)).toBe(true);
    expect(seen.get(weak.id)).toBe(false);
    expect(seen.get(actor.userId)).toBe(false);
    const admin = await s.request('GET', `/api/users/${s.adminId}`, { token: actor.token });
    expect(admin.body.protected).toBe(true);
    const changed = await s.request('PATCH', `/api/users/${weak.id}`, { token: actor.token, body: { name: 'W' } });
    expect(changed.body.protected).toBe(false);
    // The administrator may take down the others, not itself: the last user holding every right.
    const mine = await flags('/api/users', s.adminToken);
    expect(mine.get(s.adminId)).toBe(true);
    expect(mine.get(actor.userId)).toBe(false);
    // A second holder of every right lifts the mark from both.
    const role = await adminRole();
    const second = await newUser([{ id: role }]);
    const both = await flags('/api/users', s.adminToken);
    expect(both.get(s.adminId)).toBe(false);
    expect(both.get(second.id)).toBe(false);
    expect((await s.request('DELETE', `/api/users/${second.id}`, { token: s.adminToken })).status).toBe(200);

    // Roles: one holding more than the editor, or the editor's own, are marked; a lesser one is not.
    const editor = await makeActor(s, s.adminToken, { grants: { roles: 'rxwd' } });
    const lesser = await s.request('POST', '/api/roles', { token: s.adminToken, body: { name: unique('r') } });
    const roles = await flags('/api/roles', editor.token);
    expect(roles.get(role)).toBe(true);
    expect(roles.get(editor.roleId)).toBe(true);
    expect(roles.get(lesser.body.id)).toBe(false);
    expect((await s.request('GET', `/api/roles/${role}`, { token: editor.token })).body.protected).toBe(true);
    // The administrator holds the role every right rests on, and may delete a lesser one.
    const own = await flags('/api/roles', s.adminToken);
    expect(own.get(role)).toBe(true);
    expect(own.get(lesser.body.id)).toBe(false);
  });

  it('lets a holder restore a role it holds after it was reduced, but not reduce it', async () => {
    const keeper = await makeActor(s, s.adminToken, { grants: { roles: 'rxwd' }, permissions: ['systemSetting'] });
    const shared = (
      await s.request('POST', '/api/roles', {
        token: s.adminToken,
        body: { name: unique('shared'), permissions: ['systemSetting'] },
      })
    ).body.id as number;
    const role = await adminRole();
    const give = await s.request('PATCH', `/api/users/${s.adminId}`, {
      token: s.adminToken,
      body: { roles: [{ id: role }, { id: shared }] },
    });
    expect(give.status).toBe(200);
    // The keeper holds what the shared role grants, so may take it away.
    const reduced = await s.request('PATCH', `/api/roles/${shared}`, {
      token: keeper.token,
      body: { permissions: [] },
    });
    expect(reduced.status).toBe(200);
    // The administrator holds the role and every right it is given back: allowed.
    const back = await s.request('PATCH', `/api/roles/${shared}`, {
      token: s.adminToken,
      body: { permissions: ['systemSetting', 'changeUserPassword'] },
    });
    expect(back.status).toBe(200);
    expect(back.body.permissions).toEqual(['systemSetting', 'changeUserPassword']);
    // Taking rights away from one's own role stays refused.
    const own = await s.request('PATCH', `/api/roles/${keeper.roleId}`, {
      token: keeper.token,
      body: { permissions: [] },
    });
    expect(own.status).toBe(403);
    expect(own.body.detail).toContain('You cannot take rights away from a role you hold: permission systemSetting');
    // Raising one's own role within one's rights (a description, say) is allowed.
    const described = await s.request('PATCH', `/api/roles/${keeper.roleId}`, {
      token: keeper.token,
      body: { description: 'kept' },
    });
    expect(described.status).toBe(200);
  });

  it('keeps an active user holding every right, whoever asks', async () => {
    // An actor holding every permission and application but no grants on devices, whose class
    // checks are off: it holds everything the administrator holds, yet not every right.
    const ids = await classIds(s, s.adminToken);
    expect(
      (await s.request('PATCH', `/api/objclass/${ids.devices}`, { token: s.adminToken, body: { obac: false } })).status,
    ).toBe(200);
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
    expect((await s.request('PATCH', `/api/roles/${near}/classes`, { token: s.adminToken, body: grants })).status).toBe(
      200,
    );
    const actor = await newUser([{ id: near }]);
    const token = await s.login(actor.username, TEST_ADMIN_PASSWORD);
    const role = await adminRole();
    const last = (r: { status: number; body: { id: string } }) => {
      expect(r.status).toBe(409);
      expect(r.body.id).toBe('app.auth.last_administrator');
    };
    last(await s.request('PATCH', `/api/users/${s.adminId}`, { token, body: { state: false } }));
    last(await s.request('PATCH', `/api/users/${s.adminId}`, { token, body: { roles: [{ id: near }] } }));
    last(await s.request('DELETE', `/api/users/${s.adminId}`, { token }));
    last(await s.request('DELETE', '/api/users', { token, query: { id: s.adminId } }));
    last(await s.request('DELETE', `/api/roles/${role}`, { token }));
    last(await s.request('DELETE', '/api/roles', { token, query: { id: role } }));
    last(
      await s.request('PATCH', `/api/objclass/${ids.devices}/acl`, {
        token,
        body: [{ grantee: { id: role }, grants: '' }],
      }),
    );
    last(
      await s.request('PATCH', `/api/roles/${role}/classes`, {
        token,
        body: [{ objclass: { id: ids.devices }, grants: 'rxwd' }],
      }),
    );
    expect(await adminState()).toMatchObject({
      state: true,
      roles: expect.arrayContaining([expect.objectContaining({ id: role })]),
    });
    // With a second holder of every right, the first is no longer the last.
    const second = await newUser([{ id: role }]);
    expect((await s.request('PATCH', `/api/users/${s.adminId}`, { token, body: { state: false } })).status).toBe(200);
    // Both at once are refused: a bulk delete is checked as a whole.
    last(await s.request('DELETE', '/api/users', { token, query: { id: [second.id] } }));
    expect((await s.request('PATCH', `/api/users/${s.adminId}`, { token, body: { state: true } })).status).toBe(200);
    expect((await s.request('DELETE', '/api/users', { token, query: { id: [second.id] } })).status).toBe(200);
  });
});

describe.each(drivers())('npm run admin -- restore-admin on %s', (driver) => {
  it('re-enables an administrator taken down anyway and gives it back every right', async () => {
    const dir = driver === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-restore-')) : undefined;
    let s: TestServer | null = await startTestServer({ driver, dataDir: dir });
    try {
      const { adminId, domain, adminPassword } = s;
      // Taken down behind the API's back: deactivated, its only role emptied and taken away.
      await s.ctx.db.execute(sql`update users set state = false where id = ${adminId}`);
      await s.ctx.db.execute(sql`update roles set permissions = '{}' where domain_id = ${s.domainId}`);
      await s.ctx.db.execute(sql`delete from user_roles where user_id = ${adminId}`);
      const env = dir ? { DATA_DIR: dir } : { DATABASE_URL: s.databaseUrl ?? '' };
      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
      // The embedded database is the server's alone: stop it first (PostgreSQL is shared).
      if (dir) {
        await s.close();
        s = null;
      }
      expect(await runCli(['restore-admin', `nobody@${domain}`], env, io)).toBe(1);
      expect(await runCli(['restore-admin', `admin@${domain}`], env, io)).toBe(0);
      expect(out.join('\n')).toContain(`admin@${domain} is active and holds a new role admin-restored`);
      // Run again, it finds the role it made.
      expect(await runCli(['restore-admin', `admin@${domain}`], env, io)).toBe(0);
      expect(out.at(-1)).toContain('holds the role admin-restored');
      if (dir) s = await startTestServer({ driver, dataDir: dir });
      const server = s as TestServer;
      const token = await server.login('admin', adminPassword, domain);
      const me = await server.request('GET', '/api/userinfo', { token });
      expect(me.status).toBe(200);
      expect(me.body.permissions).toHaveLength(PERMISSIONS.length);
      expect(me.body.scope.every((e: { access: string }) => e.access === 'rxwd')).toBe(true);
    } finally {
      await s?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
    // Two starts of a server of its own on a fresh database.
  }, 300_000);
});
