import {
  guardingRight,
  NESTED_RESOURCES,
  nestedPath,
  RESOURCES,
  type ResourceDef,
  type Right,
} from '@switchboard/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { FIXTURES, fixtureOf } from './fixtures.js';
import { type Actor, classIds, makeActor, setRbac, unique } from './helpers.js';

type Item = Record<string, unknown> & { id: number };
const byName = (defs: readonly ResourceDef[]) => defs.map((d) => [d.name, d] as [string, ResourceDef]);

describe.each(drivers())('access checks on %s', (driver) => {
  const s = useTestServer(driver);
  let admin: string;
  beforeAll(() => {
    admin = s.adminToken;
  });

  const ALL = [...RESOURCES, ...NESTED_RESOURCES];
  /** API path of the resource's records; a nested one's under the parent its last record has. */
  const bases = new Map<string, string>();
  const baseOf = (def: ResourceDef) => bases.get(def.name) ?? `/api${def.path}`;
  /** The parent id of a nested resource's last record. */
  const parents = new Map<string, number>();

  /**
   * A record of the resource in the first domain: a new one, or an existing one; a nested one
   * under a new parent (another suite may have deleted the last one: one config per object).
   */
  async function record(def: ResourceDef): Promise<Item> {
    const parent = fixtureOf(def).parent;
    if (parent) {
      const id = await parent(s, admin);
      parents.set(def.name, id);
      bases.set(def.name, `/api${nestedPath(def, id)}`);
    }
    const base = baseOf(def);
    await fixtureOf(def).prepare?.(s, admin);
    if (def.ops.create) {
      if (fixtureOf(def).exclusive) {
        const ids = (await s.request('GET', base, { token: admin, query: { size: 1000 } })).body.items.map(
          (i: Item) => i.id,
        );
        if (ids.length) await s.request('DELETE', base, { token: admin, query: { id: ids } });
      }
      const res = await s.request('POST', base, { token: admin, body: fixtureOf(def).create!('acc') });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    }
    return (await s.request('GET', base, { token: admin })).body.items[0];
  }

  /** Each route of a resource with the right it needs. */
  function routes(def: ResourceDef, id: number): [Right, string, string, unknown?][] {
    const base = baseOf(def);
    const fx = fixtureOf(def);
    const out: [Right, string, string, unknown?][] = [
      ['r', 'GET', base],
      ['r', 'GET', `${base}/${id}`],
    ];
    if (def.ops.create) out.push(['x', 'POST', base, fx.create!('deny')]);
    if (def.ops.update) out.push(['w', 'PUT', `${base}/${id}`, fx.update!('deny')]);
    if (def.ops.patch) out.push(['w', 'PATCH', `${base}/${id}`, fx.patch]);
    if (def.ops.delete) out.push(['d', 'DELETE', `${base}/${id}`], ['d', 'DELETE', `${base}?id=${id}`]);
    if (def.ops.bulkPatch?.length) out.push(['w', 'PATCH', `${base}?id=${id}`, fx.bulkPatch]);
    if (def.recordAcl) out.push(['r', 'GET', `${base}/${id}/acl`], ['w', 'PATCH', `${base}/${id}/acl`, []]);
    // The right the server checks: a nested resource may be guarded by its parent's rights.
    return out.map(([right, ...rest]) => [guardingRight(def, right).right, ...rest]);
  }

  describe.each(byName(ALL.filter((d) => guardingRight(d, 'r').objClass)))('class rights of %s', (_name, def) => {
    const cls = guardingRight(def, 'r').objClass as string;
    // Class rights alone (obac): classes whose record checks start on (devices, say) are tested
    // without them here, and with them in "record rights" below.
    beforeAll(async () => setRbac(s, admin, cls, false));
    const wanted: Right[] = ['r'];
    if (def.ops.create) wanted.push('x');
    if (def.ops.update || def.ops.patch || def.recordAcl) wanted.push('w');
    if (def.ops.delete) wanted.push('d');
    const rights = [...new Set(wanted.map((r) => guardingRight(def, r).right))];
    for (const missing of rights) {
      it(`answers 403 without the ${missing} right and lets the other rights through`, async () => {
        const target = await record(def);
        const held = 'rxwd'.replace(missing, '');
        const actor = await makeActor(s, admin, {
          grants: { ...fixtureOf(def).grants, [cls]: held },
          permissions: fixtureOf(def).permissions,
        });
        for (const [right, method, path, body] of routes(def, target.id)) {
          const res = await s.request(method, path, { token: actor.token, body });
          if (right === missing) {
            expect(res.status, `${method} ${path}`).toBe(403);
            expect(res.body.id).toBe('app.auth.forbidden');
          } else {
            expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).not.toBe(403);
          }
        }
      });
    }
  });

  it('lets a user holding no flow right list, create and edit flows and their versions (spec: flows always get rxwd)', async () => {
    const nobody = await makeActor(s, admin);
    const created = await s.request('POST', '/api/routing/schema', {
      token: nobody.token,
      body: { name: unique('full'), type: 'voice', schema: [{ answer: {} }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    for (const path of [
      '/api/routing/schema',
      `/api/routing/schema/${id}`,
      '/api/routing/schema/tags',
      `/api/routing/schema/${id}/versions`,
    ]) {
      expect((await s.request('GET', path, { token: nobody.token })).status, path).toBe(200);
    }
    const del = await s.request('DELETE', `/api/routing/schema/${id}`, { token: nobody.token });
    expect(del.status, JSON.stringify(del.body)).toBeLessThan(300);
  });

  describe.each(byName(ALL.filter((d) => guardingRight(d, 'r').fullAccess)))('full access to %s', (_name, def) => {
    it('lets a signed-in user holding no right through every route, and nobody without a token', async () => {
      const target = await record(def);
      const nobody = await makeActor(s, admin);
      for (const [, method, path, body] of routes(def, target.id)) {
        const res = await s.request(method, path, { token: nobody.token, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).not.toBe(403);
        expect((await s.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      }
    });
  });

  const byPermission = ALL.filter((d) => !guardingRight(d, 'r').objClass && !guardingRight(d, 'r').fullAccess);
  describe.each(byName(byPermission))('permission guard of %s', (_name, def) => {
    const permission = guardingRight(def, 'r').permission as string;
    it(`answers 403 on every route without the ${permission} permission and lets it through with it`, async () => {
      const target = await record(def);
      const without = await makeActor(s, admin, { grants: { users: 'rxwd' } });
      const withIt = await makeActor(s, admin, { permissions: [permission] });
      for (const [, method, path, body] of routes(def, target.id)) {
        const res = await s.request(method, path, { token: without.token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.id).toBe('app.auth.forbidden');
        const allowed = await s.request(method, path, { token: withIt.token, body });
        expect(allowed.status, `${method} ${path} ${JSON.stringify(allowed.body)}`).not.toBe(403);
      }
    });
  });

  it('guards the loggable objects by the systemSetting permission', async () => {
    const without = await makeActor(s, admin);
    const withIt = await makeActor(s, admin, { permissions: ['systemSetting'] });
    expect((await s.request('GET', '/api/logger/available_objects', { token: without.token })).status).toBe(403);
    expect((await s.request('GET', '/api/logger/available_objects', { token: withIt.token })).status).toBe(200);
  });

  it('guards the class grants and default record access of an object by systemSetting', async () => {
    const def = ALL.find((d) => d.name === 'objclass');
    if (!def) throw new Error('objclass is not defined');
    const target = await record(def);
    const without = await makeActor(s, admin, { grants: { roles: 'rxwd' } });
    const withIt = await makeActor(s, admin, { permissions: ['systemSetting'] });
    for (const path of [`/api${def.path}/${target.id}/acl`, `/api/acl${def.path}/${target.id}`]) {
      expect((await s.request('GET', path, { token: without.token })).status, path).toBe(403);
      expect((await s.request('GET', path, { token: withIt.token })).status, path).toBe(200);
    }
  });

  describe.each(byName(NESTED_RESOURCES.filter((d) => d.parent?.rights === 'parent' && d.parent.resource.recordAcl)))(
    "the parent's record rights over %s under rbac",
    (_name, def) => {
      const parentDef = def.parent!.resource;
      const cls = parentDef.objClass as string;
      afterAll(async () => setRbac(s, admin, cls, false));

      it('refuses every route without the parent record right, then follows its ACL', async () => {
        const target = await record(def);
        const parentId = parents.get(def.name) as number;
        const actor = await makeActor(s, admin, {
          grants: { ...fixtureOf(def).grants, [cls]: 'rxwd' },
          permissions: fixtureOf(def).permissions,
        });
        await setRbac(s, admin, cls, true);
        const tryAll = async (allowed: Right[]) => {
          for (const [right, method, path, body] of routes(def, target.id)) {
            const res = await s.request(method, path, { token: actor.token, body });
            if (allowed.includes(right)) expect(res.status, `${method} ${path}`).not.toBe(403);
            else expect(res.status, `${method} ${path}`).toBe(403);
          }
        };
        await tryAll([]);
        const acl = `/api${parentDef.path}/${parentId}/acl`;
        const grant = async (grants: string) => {
          const res = await s.request('PATCH', acl, {
            token: admin,
            body: [{ grantee: { id: actor.roleId }, grants }],
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        };
        await grant('r');
        await tryAll(['r']);
        await grant('rw');
        await tryAll(['r', 'w']);
      });
    },
  );

  describe.each(byName(RESOURCES.filter((d) => d.recordAcl)))('record rights of %s under rbac', (_name, def) => {
    const cls = def.objClass as string;
    const base = `/api${def.path}`;
    let reader: Actor;
    let other: Actor;
    beforeAll(async () => {
      reader = await makeActor(s, admin, { grants: { ...fixtureOf(def).grants, [cls]: 'rxwd' } });
      other = await makeActor(s, admin, { grants: { ...fixtureOf(def).grants, [cls]: 'rxwd' } });
      await setRbac(s, admin, cls, true);
    });
    afterAll(async () => setRbac(s, admin, cls, false));

    it('hides and refuses records without a record right, then follows the record ACL', async () => {
      const target = await record(def);
      const as = (method: string, path: string, body?: unknown) =>
        s.request(method, path, { token: reader.token, body });
      const listed = async () => (await as('GET', `${base}?size=1000`)).body.items.map((i: Item) => i.id);
      // An edit: PATCH where the resource has it, else a whole PUT (calendars).
      const edit = () =>
        def.ops.patch
          ? as('PATCH', `${base}/${target.id}`, fixtureOf(def).patch)
          : as('PUT', `${base}/${target.id}`, fixtureOf(def).update!('rec'));

      expect(await listed()).not.toContain(target.id);
      expect((await as('GET', `${base}/${target.id}`)).status).toBe(403);
      expect((await as('GET', `${base}/${target.id}/acl`)).status).toBe(403);
      expect((await edit()).status).toBe(403);
      expect((await as('DELETE', `${base}/${target.id}`)).status).toBe(403);
      const bulk = await as('DELETE', `${base}?id=${target.id}`);
      expect(bulk.body.items).toEqual([]);
      if (def.ops.bulkPatch?.length) {
        const bulkPatch = await as('PATCH', `${base}?id=${target.id}`, fixtureOf(def).bulkPatch);
        expect(bulkPatch.status).toBe(200);
        expect(bulkPatch.body.items).toEqual([]);
      }

      const grant = (grants: string) =>
        s.request('PATCH', `${base}/${target.id}/acl`, {
          token: admin,
          body: [{ grantee: { id: reader.roleId }, grants }],
        });
      const granted = await grant('r');
      expect(granted.status).toBe(200);
      expect(granted.body.items).toContainEqual({
        grantee: { id: reader.roleId, name: expect.any(String) },
        granted: 'r',
      });
      expect(await listed()).toContain(target.id);
      expect((await as('GET', `${base}/${target.id}`)).status).toBe(200);
      expect((await edit()).status).toBe(403);

      expect((await grant('rw')).status).toBe(200);
      expect((await edit()).status).toBe(200);
      expect((await as('DELETE', `${base}/${target.id}`)).status).toBe(403);
      // Edit without manage: may not hand rights on to another role.
      const delegate = await as('PATCH', `${base}/${target.id}/acl`, [{ grantee: { id: other.roleId }, grants: 'r' }]);
      expect(delegate.status).toBe(403);

      expect((await grant('rrwd')).status).toBe(200);
      const delegated = await as('PATCH', `${base}/${target.id}/acl`, [{ grantee: { id: other.roleId }, grants: 'r' }]);
      expect(delegated.status).toBe(200);
      const overreach = await as('PATCH', `${base}/${target.id}/acl`, [
        { grantee: { id: other.roleId }, grants: 'rw' },
      ]);
      expect(overreach.status).toBe(403);
      expect((await s.request('GET', `${base}/${target.id}`, { token: other.token })).status).toBe(200);

      // Empty letters remove the grantee.
      expect((await grant('')).status).toBe(200);
      const acl = await s.request('GET', `${base}/${target.id}/acl`, { token: admin });
      expect(acl.body.items.map((e: { grantee: { id: number } }) => e.grantee.id)).not.toContain(reader.roleId);
      expect((await as('GET', `${base}/${target.id}`)).status).toBe(403);

      const bad = await s.request('PATCH', `${base}/${target.id}/acl`, {
        token: admin,
        body: [{ grantee: { id: 999999 }, grants: 'r' }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields[0].field).toBe('grantee');
      const letters = await s.request('PATCH', `${base}/${target.id}/acl`, {
        token: admin,
        body: [{ grantee: { id: reader.roleId }, grants: 'rq' }],
      });
      expect(letters.status).toBe(400);
    });

    it("gives a new record's creator roles full rights and applies default record access", async () => {
      const ids = await classIds(s, admin);
      const rule = await s.request('PATCH', `/api/acl/objclass/${ids[cls]}/grantor/${reader.roleId}`, {
        token: admin,
        body: [{ grantee: { id: other.roleId }, grants: 'rr' }],
      });
      expect(rule.status).toBe(200);
      expect(rule.body.items).toContainEqual({
        grantor: { id: reader.roleId, name: expect.any(String) },
        grantee: { id: other.roleId, name: expect.any(String) },
        granted: 'rr',
      });
      const listedRules = await s.request('GET', `/api/acl/objclass/${ids[cls]}`, { token: admin });
      expect(listedRules.body.items).toEqual(rule.body.items);

      const created = await s.request('POST', base, { token: reader.token, body: fixtureOf(def).create!('own') });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const acl = await s.request('GET', `${base}/${created.body.id}/acl`, { token: reader.token });
      expect(acl.status).toBe(200);
      expect(acl.body.items).toContainEqual({
        grantee: { id: reader.roleId, name: expect.any(String) },
        granted: 'rrxxwwdd',
      });
      expect(acl.body.items).toContainEqual({ grantee: { id: other.roleId, name: expect.any(String) }, granted: 'rr' });
      expect((await s.request('GET', `${base}/${created.body.id}`, { token: other.token })).status).toBe(200);
      expect((await s.request('DELETE', `${base}/${created.body.id}`, { token: other.token })).status).toBe(403);
      expect((await s.request('DELETE', `${base}/${created.body.id}`, { token: reader.token })).status).toBe(200);

      const cleared = await s.request('PATCH', `/api/acl/objclass/${ids[cls]}/grantor/${reader.roleId}`, {
        token: admin,
        body: [{ grantee: { id: other.roleId }, grants: '' }],
      });
      expect(cleared.body.items).toEqual([]);
    });
  });

  describe('a second domain', () => {
    let other: string;
    beforeAll(async () => {
      other = (await s.createDomain(unique('tenant'))).adminToken;
    });

    describe.each(byName(NESTED_RESOURCES))(
      'reaches nothing of %s under a parent of the first domain',
      (_name, def) => {
        it('answers 404 naming the parent on every route, and through its own parent too', async () => {
          const target = await record(def);
          const base = baseOf(def);
          const parentMissing = `app.${def.parent!.resource.name}.not_found`;
          for (const [, method, path, body] of routes(def, target.id)) {
            const res = await s.request(method, path, { token: other, body });
            expect(res.status, `${method} ${path}`).toBe(404);
            expect(res.body.id).toBe(parentMissing);
          }
          const ownBase = `/api${nestedPath(def, await fixtureOf(def).parent!(s, other))}`;
          expect((await s.request('GET', `${ownBase}/${target.id}`, { token: other })).status).toBe(404);
          expect((await s.request('GET', ownBase, { token: other, query: { id: target.id } })).body.items).toEqual([]);
          if (def.ops.delete) {
            const bulk = await s.request('DELETE', ownBase, { token: other, query: { id: target.id } });
            expect(bulk.body.items).toEqual([]);
          }
          expect((await s.request('GET', `${base}/${target.id}`, { token: admin })).status).toBe(200);
        });
      },
    );

    describe.each(byName(RESOURCES))('sees and changes nothing of %s in the first domain', (name, def) => {
      it('by list, read, update, delete and ACL routes', async () => {
        const target = await record(def);
        const base = baseOf(def);
        const fx = fixtureOf(def);
        const as = (method: string, path: string, opts: { body?: unknown; query?: Record<string, unknown> } = {}) =>
          s.request(method, path, { token: other, ...opts });
        const list = await as('GET', base, { query: { size: 1000 } });
        expect(list.status).toBe(200);
        expect(list.body.items.map((i: Item) => i.id)).not.toContain(target.id);
        expect((await as('GET', base, { query: { id: target.id } })).body.items).toEqual([]);
        const read = await as('GET', `${base}/${target.id}`);
        expect(read.status).toBe(404);
        expect(read.body.id).toBe(`app.${name}.not_found`);
        if (def.ops.update)
          expect((await as('PUT', `${base}/${target.id}`, { body: fx.update!('x') })).status).toBe(404);
        if (def.ops.patch) expect((await as('PATCH', `${base}/${target.id}`, { body: fx.patch })).status).toBe(404);
        if (def.ops.delete) {
          expect((await as('DELETE', `${base}/${target.id}`)).status).toBe(404);
          expect((await as('DELETE', base, { query: { id: target.id } })).body.items).toEqual([]);
        }
        if (def.recordAcl) {
          expect((await as('GET', `${base}/${target.id}/acl`)).status).toBe(404);
          expect((await as('PATCH', `${base}/${target.id}/acl`, { body: [] })).status).toBe(404);
        }
        const still = await s.request('GET', `${base}/${target.id}`, { token: admin });
        expect(still.status).toBe(200);
        expect(still.body).toEqual(expect.objectContaining({ id: target.id }));
      });
    });

    it('cannot reach the first domain’s class grants, default access, roles or users through other routes', async () => {
      const ids = await classIds(s, admin);
      // The first domain's admin and its role (ids do not start at 1 on a shared test server).
      const me = (await s.request('GET', '/api/userinfo', { token: admin })).body as { roles: { id: number }[] };
      const [adminId, roleId] = [s.adminId, me.roles[0].id];
      const as = (method: string, path: string, body?: unknown) => s.request(method, path, { token: other, body });
      expect((await as('GET', `/api/objclass/${ids.users}/acl`)).status).toBe(404);
      expect((await as('PATCH', `/api/objclass/${ids.users}/acl`, [])).status).toBe(404);
      expect((await as('GET', `/api/acl/objclass/${ids.users}`)).status).toBe(404);
      expect((await as('PATCH', `/api/acl/objclass/${ids.users}/grantor/${roleId}`, [])).status).toBe(404);
      expect((await as('GET', `/api/roles/${roleId}/classes`)).status).toBe(404);
      expect((await as('PATCH', `/api/roles/${roleId}/classes`, [])).status).toBe(404);
      // Roles of the first domain cannot be granted nor given to the second domain's users.
      const mine = await classIds(s, other);
      const grant = await as('PATCH', `/api/objclass/${mine.users}/acl`, [{ grantee: { id: roleId }, grants: 'r' }]);
      expect(grant.status).toBe(400);
      // The hand fixture's body refers to nothing else: only the role is foreign.
      const user = await as('POST', '/api/users', { ...FIXTURES.users.create('x'), roles: [{ id: roleId }] });
      expect(user.status).toBe(400);
      expect(user.body.fields.map((f: { field: string }) => f.field)).toEqual(['roles']);
      for (const path of [`/api/users/${adminId}/tokens`, `/api/logger/user/${adminId}/logs`]) {
        expect((await as('GET', path)).status, path).toBe(404);
      }
      expect((await as('POST', `/api/users/${adminId}/tokens`, { usage: 'x' })).status).toBe(404);
      expect((await as('POST', `/api/users/${adminId}/logout`, {})).status).toBe(404);
      expect((await as('PATCH', `/api/users/${adminId}/presence`, { status: 'dnd' })).status).toBe(404);
    });
  });
});
