import { LOGGABLE_OBJECTS } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { FIXTURES } from './fixtures.js';

type Entry = {
  id: number;
  action: string;
  object: string;
  recordId: number | null;
  date: string;
  user: { id: number; name: string } | null;
  userIp: string;
  newState: Record<string, unknown> | null;
  oldState: Record<string, unknown> | null;
};

/** A record as the log keeps it: without what the answer adds for its viewer (`protected`, `protectedBy`). */
const logged = (body: Record<string, unknown>) => {
  const { protected: _viewerOnly, protectedBy: _why, ...rest } = body;
  return rest;
};

describe.each(drivers())('change log on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  let configId: number;
  const logs = async (query: Record<string, unknown> = {}): Promise<Entry[]> => {
    const res = await s.request('GET', `/api/logger/config/${configId}/logs`, {
      token,
      query: { size: 1000, ...query },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items;
  };
  const setEnabled = async (enabled: boolean) => {
    const res = await s.request('PATCH', `/api/logger/config/${configId}`, { token, body: { enabled } });
    expect(res.status).toBe(200);
    expect(res.body.enabled).toBe(enabled);
  };

  beforeAll(async () => {
    token = s.adminToken;
    const res = await s.request('POST', '/api/logger/config', { token, body: { object: 'users' } });
    expect(res.status).toBe(201);
    // The spec's defaults: disabled, kept 7 days, weekly.
    expect(res.body).toMatchObject({ object: 'users', enabled: false, daysToStore: 7, period: 7, storage: null });
    configId = res.body.id;
  });

  it('refuses a storage id that names no storage profile, and stores nothing of it', async () => {
    const res = await s.request('PATCH', `/api/logger/config/${configId}`, { token, body: { storage: { id: 4242 } } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject([{ field: 'storage', message: 'No such storage profile exists.' }]);
    const read = await s.request('GET', `/api/logger/config/${configId}`, { token });
    expect(read.body.storage).toBeNull();
    expect(
      (await s.request('PATCH', `/api/logger/config/${configId}`, { token, body: { storage: null } })).status,
    ).toBe(200);
  });

  it('refers to a storage profile of the domain, named in the answer', async () => {
    const profile = await s.request('POST', '/api/storage/backend_profiles', {
      token,
      body: { name: 'changelog exports', type: 'local', properties: { directory: 'exports' } },
    });
    expect(profile.status).toBe(201);
    const res = await s.request('PATCH', `/api/logger/config/${configId}`, {
      token,
      body: { storage: { id: profile.body.id } },
    });
    expect(res.status).toBe(200);
    expect(res.body.storage).toEqual({ id: profile.body.id, name: 'changelog exports' });
    // Deleting the profile leaves the config without one.
    expect((await s.request('DELETE', `/api/storage/backend_profiles/${profile.body.id}`, { token })).status).toBe(200);
    expect((await s.request('GET', `/api/logger/config/${configId}`, { token })).body.storage).toBeNull();
  });

  it('writes nothing while the object is not enabled', async () => {
    const created = await s.request('POST', '/api/users', { token, body: FIXTURES.users.create('quiet') });
    expect(created.status).toBe(201);
    await s.request('PATCH', `/api/users/${created.body.id}`, { token, body: { name: 'x' } });
    await s.request('DELETE', `/api/users/${created.body.id}`, { token });
    expect(await logs()).toEqual([]);
  });

  it('writes one entry per create, update and delete, with the old state on update', async () => {
    await setEnabled(true);
    const body = FIXTURES.users.create('logged');
    const created = await s.request('POST', '/api/users', { token, body });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const replaced = FIXTURES.users.update('logput');
    const put = await s.request('PUT', `/api/users/${id}`, { token, body: replaced });
    expect(put.status).toBe(200);
    const patched = await s.request('PATCH', `/api/users/${id}`, { token, body: { name: 'After patch' } });
    expect(patched.status).toBe(200);
    expect((await s.request('DELETE', `/api/users/${id}`, { token })).status).toBe(200);

    const entries = (await logs()).filter((e) => e.recordId === id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    const [del, patch, update, create] = entries;
    expect(create).toMatchObject({ object: 'users', user: { id: s.adminId }, oldState: null });
    expect(create.newState).toEqual(logged(created.body));
    expect(create.userIp).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(create.date)).toBeGreaterThan(Date.now() - 60_000);
    expect(update.oldState).toEqual(logged(created.body));
    expect(update.newState).toEqual(logged(put.body));
    expect(patch.oldState).toEqual(logged(put.body));
    expect(patch.newState?.name).toBe('After patch');
    // A delete keeps the deleted record as the old state; nothing exists after it.
    expect(del.oldState).toEqual(logged(patched.body));
    expect(del.newState).toBeNull();
    for (const password of [body.password, replaced.password] as string[]) {
      expect(password).toBeTruthy();
      expect(JSON.stringify(entries)).not.toContain(password);
    }

    expect((await logs({ action: 'create' })).every((e) => e.action === 'create')).toBe(true);
    const ascending = await logs({ sort: '+date' });
    expect(ascending.map((e) => e.id)).toEqual((await logs()).map((e) => e.id).reverse());
    expect(await logs({ from: Date.now() + 60_000 })).toEqual([]);
    expect((await logs({ to: Date.now() + 60_000 })).length).toBeGreaterThanOrEqual(4);
    expect(await logs({ user: 987654 })).toEqual([]);
    expect(await logs({ userIp: '10.9.8.7' })).toEqual([]);
    const bad = await s.request('GET', `/api/logger/config/${configId}/logs`, { token, query: { from: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('from');
  });

  it('writes nothing when the change fails, as the entry shares its transaction', async () => {
    await setEnabled(true);
    const before = (await logs()).length;
    const body = FIXTURES.users.create('dup');
    expect((await s.request('POST', '/api/users', { token, body })).status).toBe(201);
    const dup = await s.request('POST', '/api/users', {
      token,
      body: { ...FIXTURES.users.create('dup2'), username: (body.username as string).toUpperCase() },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.fields[0].field).toBe('username');
    const badRole = await s.request('POST', '/api/users', {
      token,
      body: { ...FIXTURES.users.create('badrole'), roles: [{ id: 424242 }] },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.fields[0].field).toBe('roles');
    const list = await s.request('GET', '/api/users', { token, query: { q: 'badrole*' } });
    expect(list.body.items).toEqual([]);
    expect((await logs()).length).toBe(before + 1);
  });

  it("logs a sub-object's create, update and delete as updates of its parent record", async () => {
    const config = await s.request('POST', '/api/logger/config', {
      token,
      body: { object: 'blacklists', enabled: true },
    });
    expect(config.status).toBe(201);
    const list = await s.request('POST', '/api/call_center/list', { token, body: { name: 'logged parent' } });
    expect(list.status).toBe(201);
    const numbers = `/api/call_center/list/${list.body.id}/communication`;
    const made = await s.request('POST', numbers, { token, body: { number: '+15550001111' } });
    expect(made.status).toBe(201);
    const put = await s.request('PUT', `${numbers}/${made.body.id}`, {
      token,
      body: { number: '+15550001111', description: 'changed' },
    });
    expect(put.status).toBe(200);
    expect((await s.request('DELETE', `${numbers}/${made.body.id}`, { token })).status).toBe(200);
    const res = await s.request('GET', `/api/logger/config/${config.body.id}/logs`, { token, query: { size: 100 } });
    expect(res.status).toBe(200);
    const entries: Entry[] = res.body.items.filter((e: Entry) => e.recordId === list.body.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    const [del, update, create] = entries;
    expect(create.oldState?.blacklistNumbers).toBeNull();
    expect(create.newState).toMatchObject({ id: list.body.id, name: 'logged parent', blacklistNumbers: made.body });
    expect(update.oldState?.blacklistNumbers).toEqual(made.body);
    expect(update.newState?.blacklistNumbers).toEqual(logged(put.body));
    expect(del.oldState?.blacklistNumbers).toEqual(logged(put.body));
    expect(del.newState?.blacklistNumbers).toBeNull();
    expect((await s.request('DELETE', `/api/logger/config/${config.body.id}`, { token })).status).toBe(200);
  });

  it('lists the loggable objects not configured yet, or all of them', async () => {
    const free = await s.request('GET', '/api/logger/available_objects', { token });
    expect(free.status).toBe(200);
    const names = free.body.items.map((i: { name: string }) => i.name);
    expect(names).toContain('queues');
    expect(names).not.toContain('users');
    const every = await s.request('GET', '/api/logger/available_objects', {
      token,
      query: { includeExisting: 'true' },
    });
    expect(every.body.items).toHaveLength(LOGGABLE_OBJECTS.length);
    const again = await s.request('POST', '/api/logger/config', { token, body: { object: 'users' } });
    expect(again.status).toBe(409);
    expect(again.body.fields[0].field).toBe('object');
  });

  it("shows a user's sign-ins and changes in its audit log, newest first", async () => {
    await setEnabled(true);
    await s.login('admin', s.adminPassword, 'main');
    const adminId = (await s.request('GET', '/api/userinfo', { token })).body.userId as number;
    const made = await s.request('POST', '/api/users', { token, body: FIXTURES.users.create('audited') });
    expect(made.status).toBe(201);
    const res = await s.request('GET', `/api/logger/user/${adminId}/logs`, { token, query: { size: 1000 } });
    expect(res.status).toBe(200);
    const items: Entry[] = res.body.items;
    expect(items.some((e) => e.action === 'login' && e.user?.id === adminId)).toBe(true);
    expect(items.some((e) => e.action === 'create' && e.recordId === made.body.id)).toBe(true);
    expect(items.every((e) => e.user?.id === adminId)).toBe(true);
    const dates = items.map((e) => Date.parse(e.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const logins = await s.request('GET', `/api/logger/user/${adminId}/logs`, { token, query: { action: 'login' } });
    expect(logins.body.items.length).toBeGreaterThan(0);
    expect(logins.body.items.every((e: Entry) => e.action === 'login')).toBe(true);
    const paged = await s.request('GET', `/api/logger/user/${adminId}/logs`, { token, query: { size: 1 } });
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.next).toBe(true);
    const byObject = await s.request('GET', `/api/logger/user/${adminId}/logs`, { token, query: { object: 'queues' } });
    expect(byObject.body.items).toEqual([]);
    expect((await s.request('GET', '/api/logger/user/999999/logs', { token })).status).toBe(404);
  });
});
