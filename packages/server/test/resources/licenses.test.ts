import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { assignLicenses } from '../../src/resources/directory/licenses.js';
import { drivers, TEST_ADMIN_PASSWORD, useTestServer } from '../harness.js';
import { issueLicense, LICENSE_KEYS, seedLicense } from '../licenses.js';
import { makeActor, unique } from './helpers.js';

type Item = Record<string, unknown> & { id: number };

describe.each(drivers())('licenses on %s', (driver) => {
  const s = useTestServer(driver, { config: { licensePublicKey: LICENSE_KEYS.publicKey } });
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const importLicense = (certificate: unknown, as = token) =>
    s.request('PUT', '/api/customer', { token: as, body: { certificate } });
  const list = (query: Record<string, unknown> = {}, as = token) =>
    s.request('GET', '/api/license', { token: as, query: { size: 1000, ...query } });
  const count = async () =>
    (await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from licenses`))[0].n;
  const newUser = async (extra: Record<string, unknown> = {}) => {
    const username = unique('lu');
    const res = await s.request('POST', '/api/users', {
      token,
      body: { username, password: TEST_ADMIN_PASSWORD, name: unique('User '), ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { ...(res.body as Item), username } as Item & { username: string };
  };
  const setLicenses = (userId: number, license: number[], as = token) =>
    s.request('PATCH', `/api/users/${userId}`, { token: as, body: { license } });

  describe('import (PUT /customer)', () => {
    it('imports a signed license and answers every field', async () => {
      const serial = unique('SN-');
      const res = await importLicense(
        issueLicense({ serial, product: 'CHAT', limit: 7, competitive: true, scope: ['chats', 'cc_queue'] }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.renewed).toBe(false);
      const item = res.body.license as Item;
      expect(item).toMatchObject({
        serial,
        product: 'CHAT',
        scope: ['chats', 'cc_queue'],
        limit: 7,
        used: 0,
        remain: 7,
        competitive: true,
        domain: 'main',
      });
      expect(item.validFrom).toBe(Date.parse(item.notBefore as string));
      expect(item.validTill).toBe(Date.parse(item.notAfter as string));
      expect((item.validTill as number) - (item.validFrom as number)).toBe(365 * 86_400_000);
      const read = await s.request('GET', `/api/license/${item.id}`, { token });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(item);
    });

    it('renews by serial: the same record changes, no second one appears', async () => {
      const serial = unique('REN-');
      const first = await importLicense(issueLicense({ serial, limit: 2, days: 30 }));
      expect(first.status).toBe(200);
      const before = await count();
      const again = await importLicense(issueLicense({ serial, limit: 9, days: 400 }));
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.renewed).toBe(true);
      expect(again.body.license).toMatchObject({ id: first.body.license.id, limit: 9, remain: 9 });
      expect(again.body.license.validTill).toBeGreaterThan(first.body.license.validTill);
      expect(await count()).toBe(before);
      expect((await list({ q: serial })).body.items).toHaveLength(1);
    });

    it('refuses a tampered signature, changing nothing', async () => {
      const before = await count();
      const [prefix, payload, signature] = issueLicense({ limit: 1 }).split('.');
      const fields = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const raised = Buffer.from(JSON.stringify({ ...fields, limit: 1000 })).toString('base64url');
      const res = await importLicense(`${prefix}.${raised}.${signature}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ id: 'app.license.invalid', code: 400 });
      expect(res.body.detail).toMatch(/signature is not valid/);
      expect(res.body).toMatchObject({ key: 'errors.licenseSignature' });
      expect(res.body.fields).toEqual([
        { field: 'certificate', message: res.body.detail, key: 'errors.licenseSignature', params: {} },
      ]);
      expect(await count()).toBe(before);
    });

    it('refuses an expired license and another domain license, changing nothing', async () => {
      const before = await count();
      const expired = await importLicense(
        issueLicense({ not_before: '2020-01-01T00:00:00Z', not_after: '2021-01-01T00:00:00Z' }),
      );
      expect(expired.status).toBe(400);
      expect(expired.body.detail).toBe('This license expired on 2021-01-01.');
      const other = await importLicense(issueLicense({ domain: 'acme' }));
      expect(other.status).toBe(400);
      expect(other.body.detail).toBe('This license is for the domain "acme", not "main".');
      expect(await count()).toBe(before);
    });

    it('refuses text that is no license, and a missing certificate', async () => {
      const junk = await importLicense('hello world');
      expect(junk.status).toBe(400);
      expect(junk.body.detail).toBe('This is not a Switchboard license document.');
      const missing = await s.request('PUT', '/api/customer', { token, body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual([{ field: 'certificate', message: 'This field is required' }]);
    });

    it('says so when the server has no license key configured', async () => {
      const key = s.ctx.config.licensePublicKey;
      s.ctx.config.licensePublicKey = null;
      try {
        const res = await importLicense(issueLicense());
        expect(res.status).toBe(400);
        expect(res.body.detail).toMatch(/No license key is configured on this server \(LICENSE_PUBLIC_KEY\)/);
      } finally {
        s.ctx.config.licensePublicKey = key;
      }
    });

    it('needs the systemSetting permission', async () => {
      const plain = await makeActor(s, token, { grants: { users: 'rxwd' }, permissions: ['manageUserLicense'] });
      const denied = await importLicense(issueLicense(), plain.token);
      expect(denied.status).toBe(403);
      const setter = await makeActor(s, token, { permissions: ['systemSetting'] });
      expect((await importLicense(issueLicense(), setter.token)).status).toBe(200);
    });
  });

  describe('list (GET /license)', () => {
    it('pages, searches and sorts', async () => {
      const tag = unique('PG').toUpperCase();
      for (const limit of [3, 1, 2]) {
        expect((await importLicense(issueLicense({ serial: `${tag}-${limit}`, limit }))).status).toBe(200);
      }
      const found = await list({ q: `${tag.toLowerCase()}*`, sort: '-limit' });
      expect(found.status).toBe(200);
      expect(found.body.items.map((i: Item) => i.serial)).toEqual([`${tag}-3`, `${tag}-2`, `${tag}-1`]);
      const exact = await list({ q: `${tag}-2` });
      expect(exact.body.items.map((i: Item) => i.serial)).toEqual([`${tag}-2`]);
      const page1 = await list({ q: `${tag}*`, sort: '+limit', size: 2 });
      expect(page1.body.next).toBe(true);
      expect(page1.body.items.map((i: Item) => i.limit)).toEqual([1, 2]);
      const page2 = await list({ q: `${tag}*`, sort: '+limit', size: 2, page: 2 });
      expect(page2.body).toMatchObject({ next: false, items: [{ limit: 3 }] });
      const projected = await list({ q: `${tag}-1`, fields: 'serial,remain' });
      expect(projected.body.items).toEqual([{ id: expect.any(Number), serial: `${tag}-1`, remain: 1 }]);
      expect((await list({ sort: '+certificate' })).status).toBe(400);
    });

    it('filters on expiry: expired, 30 days or fewer, 90 days or fewer', async () => {
      const expired = await seedLicense(s, { daysLeft: -1 });
      const in10 = await seedLicense(s, { daysLeft: 10 });
      const in60 = await seedLicense(s, { daysLeft: 60 });
      const in200 = await seedLicense(s, { daysLeft: 200 });
      const ids = async (expiry: string) =>
        (await list({ expiry, id: [expired, in10, in60, in200] })).body.items.map((i: Item) => i.id).sort();
      expect(await ids('expired')).toEqual([expired]);
      expect(await ids('30')).toEqual([in10]);
      expect(await ids('90')).toEqual([in10, in60].sort());
      expect(await ids('')).toEqual([expired, in10, in60, in200].sort());
      const bad = await list({ expiry: '7' });
      expect(bad.status).toBe(400);
      expect(bad.body.fields[0].field).toBe('expiry');
    });

    it('is readable by any signed-in user of the domain and by nobody signed out', async () => {
      const id = await seedLicense(s);
      const nobody = await makeActor(s, token);
      expect((await list({ id }, nobody.token)).body.items).toHaveLength(1);
      expect((await s.request('GET', `/api/license/${id}`, { token: nobody.token })).status).toBe(200);
      expect((await s.request('GET', '/api/license')).status).toBe(401);
    });

    it('shows another domain nothing', async () => {
      const id = await seedLicense(s);
      const holder = await newUser({ license: [id] });
      const other = await s.createDomain(unique('dom'));
      const theirs = await s.request('GET', '/api/license', { token: other.adminToken });
      expect(theirs.body).toEqual({ items: [], next: false });
      expect((await s.request('GET', `/api/license/${id}`, { token: other.adminToken })).status).toBe(404);
      expect((await s.request('GET', `/api/products/${id}/users`, { token: other.adminToken })).status).toBe(404);
      const logout = await s.request('POST', `/api/products/${id}/users/${holder.id}/logout`, {
        token: other.adminToken,
      });
      expect(logout.status).toBe(404);
      // Nor can it assign this domain's license to its own users.
      const me = await s.request('GET', '/api/userinfo', { token: other.adminToken });
      const res = await s.request('PATCH', `/api/users/${me.body.userId}`, {
        token: other.adminToken,
        body: { license: [id] },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        {
          field: 'license',
          message: `No such license: ${id}.`,
          key: 'errors.licenseUnknown',
          params: { ids: `${id}` },
        },
      ]);
    });
  });

  describe('assignment', () => {
    it('counts users toward used and refuses past the limit', async () => {
      const id = await seedLicense(s, { limit: 2, product: 'EMAIL' });
      const [a, b, c] = [await newUser(), await newUser(), await newUser()];
      expect((await setLicenses(a.id, [id])).body.license).toEqual([{ id, prod: 'EMAIL' }]);
      expect((await setLicenses(b.id, [id])).status).toBe(200);
      expect((await s.request('GET', `/api/license/${id}`, { token })).body).toMatchObject({ used: 2, remain: 0 });
      const full = await setLicenses(c.id, [id]);
      expect(full.status).toBe(400);
      expect(full.body.fields).toEqual([
        {
          field: 'license',
          message: `License ${id} (EMAIL) is used up: 2 of 2 assigned.`,
          key: 'errors.licenseUsedUp',
          params: { id, product: 'EMAIL', used: 2, limit: 2 },
        },
      ]);
      expect((await s.request('GET', `/api/users/${c.id}`, { token })).body.license).toEqual([]);
      // Keeping a held license is no new assignment; dropping one frees its seat.
      expect(
        (await s.request('PATCH', `/api/users/${a.id}`, { token, body: { license: [id], name: 'x' } })).status,
      ).toBe(200);
      expect((await setLicenses(b.id, [])).status).toBe(200);
      expect((await setLicenses(c.id, [id])).status).toBe(200);
      expect((await s.request('GET', `/api/license/${id}`, { token })).body).toMatchObject({ used: 2, remain: 0 });
      // The user's session sees its licenses with their products.
      const session = await s.login(c.username, TEST_ADMIN_PASSWORD, 'main');
      expect((await s.request('GET', '/api/userinfo', { token: session })).body.license).toEqual([
        { id, prod: 'EMAIL' },
      ]);
      // A new user is refused the same way at creation, and is not created.
      const created = await s.request('POST', '/api/users', {
        token,
        body: { username: unique('full'), password: TEST_ADMIN_PASSWORD, license: [id] },
      });
      expect(created.status).toBe(400);
    });

    it('lets two concurrent assignments of the last seat take one seat only', async () => {
      const id = await seedLicense(s, { limit: 1 });
      const [a, b] = [await newUser(), await newUser()];
      const answers = await Promise.all([setLicenses(a.id, [id]), setLicenses(b.id, [id])]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      expect((await s.request('GET', `/api/license/${id}`, { token })).body.used).toBe(1);
    });

    it('holds the last seat while an uncommitted assignment has it: the second waits, then is refused', async () => {
      const id = await seedLicense(s, { limit: 1 });
      const [a, b] = [await newUser(), await newUser()];
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
      // The first writer takes the seat and keeps its transaction open a while; the second starts
      // meanwhile. Without the row lock the second would count no seat taken and get one too.
      const first = s.ctx.db.transaction(async (tx) => {
        await assignLicenses(tx, s.domainId, a.id, [id]);
        await pause(600);
      });
      await pause(150);
      const second = s.ctx.db.transaction((tx) => assignLicenses(tx, s.domainId, b.id, [id]));
      const [one, two] = await Promise.allSettled([first, second]);
      expect(one.status).toBe('fulfilled');
      expect(two.status).toBe('rejected');
      expect((two as PromiseRejectedResult).reason.fields).toMatchObject([
        { field: 'license', message: `License ${id} (CALL_CENTER) is used up: 1 of 1 assigned.` },
      ]);
      expect((await s.request('GET', `/api/license/${id}`, { token })).body.used).toBe(1);
    });

    it('refuses unknown ids and newly assigning an expired license, keeping one already held', async () => {
      const user = await newUser();
      const unknown = await setLicenses(user.id, [999999]);
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toMatchObject([{ field: 'license', message: 'No such license: 999999.' }]);
      const soon = await seedLicense(s, { daysLeft: 5, product: 'CHAT' });
      expect((await setLicenses(user.id, [soon])).status).toBe(200);
      await queryRows(s.ctx.db, sql`update licenses set not_after = now() - interval '1 day' where id = ${soon}`);
      expect(
        (await s.request('PATCH', `/api/users/${user.id}`, { token, body: { license: [soon], name: 'y' } })).status,
      ).toBe(200);
      const other = await newUser();
      const expired = await setLicenses(other.id, [soon]);
      expect(expired.status).toBe(400);
      expect(expired.body.fields[0].message).toBe(`License ${soon} (CHAT) has expired and cannot be assigned.`);
    });

    it('needs manageUserLicense to change a user licenses', async () => {
      const id = await seedLicense(s);
      const user = await newUser();
      const editor = await makeActor(s, token, { grants: { users: 'rw' } });
      expect((await setLicenses(user.id, [id], editor.token)).status).toBe(403);
      const manager = await makeActor(s, token, { grants: { users: 'rw' }, permissions: ['manageUserLicense'] });
      expect((await setLicenses(user.id, [id], manager.token)).status).toBe(200);
    });
  });

  describe('license users (GET /products/{id}/users) and their logout', () => {
    it('lists the holders with domain, user, sessions and licenses, and logs one out', async () => {
      const id = await seedLicense(s, { product: 'CALL_MANAGER', limit: 5 });
      const extra = await seedLicense(s, { product: 'VOIP_DEVICE' });
      const holder = await newUser({ license: [id, extra] });
      const idle = await newUser({ license: [id] });
      await newUser();
      const session1 = await s.login(holder.username, TEST_ADMIN_PASSWORD, 'main');
      await s.login(holder.username, TEST_ADMIN_PASSWORD, 'main');
      const res = await s.request('GET', `/api/products/${id}/users`, { token, query: { sort: '+username' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const byId = new Map((res.body.items as Item[]).map((i) => [i.id, i]));
      expect([...byId.keys()].sort()).toEqual([holder.id, idle.id].sort());
      expect(byId.get(holder.id)).toEqual({
        id: holder.id,
        domain: 'main',
        user: { id: holder.id, name: String(holder.name) },
        username: holder.username,
        sessions: 2,
        license: [
          { id, prod: 'CALL_MANAGER' },
          { id: extra, prod: 'VOIP_DEVICE' },
        ],
      });
      expect(byId.get(idle.id)).toMatchObject({ sessions: 0 });
      const searched = await s.request('GET', `/api/products/${id}/users`, { token, query: { q: idle.username } });
      expect(searched.body.items.map((i: Item) => i.id)).toEqual([idle.id]);

      const out = await s.request('POST', `/api/products/${id}/users/${holder.id}/logout`, { token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ sessions: 2 });
      expect((await s.request('GET', '/api/userinfo', { token: session1 })).status).toBe(401);
      const after = await s.request('GET', `/api/products/${id}/users`, { token, query: { id: holder.id } });
      expect(after.body.items[0].sessions).toBe(0);
      // Only holders of this license can be logged out through it.
      const stranger = await newUser();
      expect((await s.request('POST', `/api/products/${id}/users/${stranger.id}/logout`, { token })).status).toBe(404);
      expect((await s.request('GET', '/api/products/999999/users', { token })).status).toBe(404);
    });

    it('needs manageUserLicense to list holders and to log them out', async () => {
      const id = await seedLicense(s);
      const holder = await newUser({ license: [id] });
      const reader = await makeActor(s, token, { grants: { users: 'rxwd' } });
      expect((await s.request('GET', `/api/products/${id}/users`, { token: reader.token })).status).toBe(403);
      const logout = `/api/products/${id}/users/${holder.id}/logout`;
      expect((await s.request('POST', logout, { token: reader.token })).status).toBe(403);
      const manager = await makeActor(s, token, { permissions: ['manageUserLicense'] });
      expect((await s.request('GET', `/api/products/${id}/users`, { token: manager.token })).status).toBe(200);
      expect((await s.request('POST', logout, { token: manager.token })).status).toBe(200);
    });
  });
});
