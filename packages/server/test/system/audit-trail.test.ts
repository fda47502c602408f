import { AUDIT_OBJECTS, CHANGE_LOG_EXPORT } from '@switchboard/model';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK, writeChange } from '../../src/changelog/writer.js';
import { loggerEntries } from '../../src/db/schema.js';
import { SCHEDULES } from '../../src/jobs/scheduler.js';
import { domainIdOf } from '../fixtures.js';
import { drivers, startTestServer, type TestServer } from '../harness.js';
import { FIXTURES } from '../resources/fixtures.js';
import { until } from '../until.js';

type Entry = {
  id: number;
  action: string;
  object: string;
  recordId: number | null;
  record: string | null;
  date: string;
  user: { id: number; name: string } | null;
  userIp: string;
  newState: Record<string, unknown> | null;
  oldState: Record<string, unknown> | null;
};

/** The grants of an objclass entry's state (empty when the state has none). */
const grantsOf = (state: Record<string, unknown> | null) => (state?.grants ?? {}) as Record<string, string>;

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

describe.each(drivers())('security trail and change-log search on %s', (driver) => {
  let s: TestServer;
  let token: string;
  const configs = new Map<string, number>();

  /** The config of an object (made once, disabled: the trail does not need it enabled). */
  const configOf = async (object: string) => {
    const known = configs.get(object);
    if (known) return known;
    const res = await s.request('POST', '/api/logger/config', { token, body: { object, enabled: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    configs.set(object, res.body.id);
    return res.body.id as number;
  };
  const logs = async (object: string, query: Record<string, unknown> = {}): Promise<Entry[]> => {
    const res = await s.request('GET', `/api/logger/config/${await configOf(object)}/logs`, {
      token,
      query: { size: 1000, ...query },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items;
  };
  const download = async (object: string, query: Record<string, string>) => {
    const params = new URLSearchParams(query);
    const res = await fetch(`${s.url}/api/logger/config/${await configOf(object)}/logs/export.csv?${params}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    const rows = res.ok ? (parse(text, { bom: true }) as string[][]) : [];
    return { status: res.status, type: res.headers.get('content-type'), rows };
  };

  beforeAll(async () => {
    s = await startTestServer({ driver, jobs: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 } });
    token = s.adminToken;
  });
  afterAll(async () => s?.close());

  it('logs role changes (permissions, application access) with no config enabled', async () => {
    const name = unique('Auditors');
    const made = await s.request('POST', '/api/roles', { token, body: { name, permissions: ['read'] } });
    expect(made.status).toBe(201);
    const changed = await s.request('PATCH', `/api/roles/${made.body.id}`, {
      token,
      body: { permissions: ['read', 'write'], metadata: { access: { admin: { access: 2 } } } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await s.request('DELETE', `/api/roles/${made.body.id}`, { token })).status).toBe(200);

    const entries = (await logs('roles')).filter((e) => e.recordId === made.body.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [del, update, create] = entries;
    // The answer adds what the viewer may do with the role (`protected`, `protectedBy`); the log keeps the role.
    const { protected: _viewerOnly, protectedBy: _why, ...role } = made.body;
    expect(create.newState).toEqual(role);
    expect(update.oldState?.permissions).toEqual(['read']);
    expect(update.newState?.permissions).toEqual(['read', 'write']);
    expect(update.newState?.metadata).toEqual({ access: { admin: { access: 2 } } });
    expect(del).toMatchObject({ newState: null, record: name, user: { id: 1 } });
    const { protected: _changedViewerOnly, protectedBy: _changedWhy, ...changedRole } = changed.body;
    expect(del.oldState).toEqual(changedRole);
  });

  it('logs object-class toggles, class grants, default record access and a role Objects tab', async () => {
    const role = await s.request('POST', '/api/roles', { token, body: { name: unique('Desk') } });
    const grantor = await s.request('POST', '/api/roles', { token, body: { name: unique('Makers') } });
    const classes = await s.request('GET', '/api/objclass', { token, query: { q: 'devices', size: 100 } });
    const devicesClass = classes.body.items.find((c: { class: string }) => c.class === 'devices');
    const id = devicesClass.id as number;

    const toggled = await s.request('PATCH', `/api/objclass/${id}`, { token, body: { rbac: !devicesClass.rbac } });
    expect(toggled.status).toBe(200);
    const grant = [{ grantee: { id: role.body.id }, grants: 'rw' }];
    expect((await s.request('PATCH', `/api/objclass/${id}/acl`, { token, body: grant })).status).toBe(200);
    const viaRole = [{ objclass: { id }, grants: 'r' }];
    expect((await s.request('PATCH', `/api/roles/${role.body.id}/classes`, { token, body: viaRole })).status).toBe(200);
    const defaults = await s.request('PATCH', `/api/acl/objclass/${id}/grantor/${grantor.body.id}`, {
      token,
      body: [{ grantee: { id: role.body.id }, grants: 'r' }],
    });
    expect(defaults.status, JSON.stringify(defaults.body)).toBe(200);
    // The same grants again change nothing, and log nothing.
    expect(
      (await s.request('PATCH', `/api/objclass/${id}/acl`, { token, body: viaRole.map(() => grant[0]) })).status,
    ).toBe(200);
    await s.request('PATCH', `/api/objclass/${id}`, { token, body: { rbac: devicesClass.rbac } });

    const entries = (await logs('objclass')).filter((e) => e.recordId === id).reverse();
    const [toggle, classGrant, roleTab, defaultAccess, regrant, back] = entries;
    expect(entries).toHaveLength(6);
    expect(toggle).toMatchObject({ action: 'update', record: 'devices' });
    expect(toggle.oldState?.rbac).toBe(devicesClass.rbac);
    expect(toggle.newState?.rbac).toBe(!devicesClass.rbac);
    expect(classGrant.oldState?.grants).not.toHaveProperty(role.body.name);
    expect(grantsOf(classGrant.newState)[role.body.name]).toBe('rw');
    expect(grantsOf(roleTab.oldState)[role.body.name]).toBe('rw');
    expect(grantsOf(roleTab.newState)[role.body.name]).toBe('r');
    expect(defaultAccess.oldState).toMatchObject({ grantor: { name: grantor.body.name }, defaultAccess: {} });
    expect(defaultAccess.newState?.defaultAccess).toEqual({ [role.body.name]: 'r' });
    expect(grantsOf(regrant.newState)[role.body.name]).toBe('rw');
    expect(back.newState?.rbac).toBe(devicesClass.rbac);
  });

  it("logs a record's permission changes with the record's name", async () => {
    const role = await s.request('POST', '/api/roles', { token, body: { name: unique('Viewers') } });
    const device = await s.request('POST', '/api/devices', { token, body: FIXTURES.devices.create('acl') });
    expect(device.status).toBe(201);
    const patch = [{ grantee: { id: role.body.id }, grants: 'r' }];
    expect((await s.request('PATCH', `/api/devices/${device.body.id}/acl`, { token, body: patch })).status).toBe(200);
    const [entry] = (await logs('record_acl')).filter((e) => e.recordId === device.body.id);
    expect(entry).toMatchObject({ action: 'update', record: device.body.name, user: { id: 1 } });
    expect(entry.newState).toMatchObject({ class: 'devices', grants: { [role.body.name]: 'r' } });
    expect(entry.oldState?.grants).not.toHaveProperty(role.body.name);
  });

  it('logs API tokens created and revoked, never their value, and sign-outs', async () => {
    const tokenPath = '/api/users/1/tokens';
    const made = await s.request('POST', tokenPath, { token, body: { usage: unique('ci-robot') } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await s.request('DELETE', `${tokenPath}/${made.body.id}`, { token })).status).toBe(200);
    const entries = (await logs('tokens')).filter((e) => e.recordId === made.body.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(entries[1].newState).toMatchObject({ usage: made.body.usage, user: { id: 1 } });
    expect(entries[0].oldState).toMatchObject({ usage: made.body.usage, user: { id: 1 } });
    expect(entries[0].record).toBe(made.body.usage);
    expect(JSON.stringify(entries)).not.toContain(made.body.token);

    const session = await s.login('admin', s.adminPassword);
    expect((await s.request('POST', '/api/logout', { token: session })).status).toBe(204);
    const out = await s.request('GET', '/api/logger/user/1/logs', { token, query: { action: 'logout' } });
    expect(out.body.items.length).toBeGreaterThan(0);
    expect(out.body.items[0]).toMatchObject({ action: 'logout', object: 'users', recordId: 1, user: { id: 1 } });
  });

  it('masks secrets of every kind in what it stores', async () => {
    const domainId = await domainIdOf(s.ctx);
    await writeChange(s.ctx.db, {
      domainId,
      object: 'roles',
      action: 'create',
      userId: 1,
      userIp: '10.0.0.1',
      recordId: 987_001,
      newState: {
        name: 'masked',
        password: 'pw',
        clientSecret: 'cs',
        privateKey: 'pk',
        accessKey: 'ak',
        apiHash: 'ah',
        properties: { key: 'voice-key', region: 'westeurope' },
        variables: [{ key: 'colour', value: 'blue' }],
      },
    });
    const [entry] = (await logs('roles')).filter((e) => e.recordId === 987_001);
    expect(entry.newState).toEqual({
      name: 'masked',
      password: MASK,
      clientSecret: MASK,
      privateKey: MASK,
      accessKey: MASK,
      apiHash: MASK,
      properties: { key: MASK, region: 'westeurope' },
      variables: [{ key: 'colour', value: 'blue' }],
    });
    const raw = await s.ctx.db.execute(sql`select new_state::text as t from logger_entries where record_id = 987001`);
    expect(JSON.stringify(raw)).not.toMatch(/voice-key|"pk"|"cs"/);
  });

  it('searches the log by record id, record name and user name', async () => {
    const name = unique('Searchable');
    const made = await s.request('POST', '/api/roles', { token, body: { name } });
    const other = await s.request('POST', '/api/roles', { token, body: { name: unique('Unrelated') } });
    const ids = (entries: Entry[]) => new Set(entries.map((e) => e.recordId));

    const byName = ids(await logs('roles', { q: `${name.slice(0, 8).toLowerCase()}*` }));
    expect(byName.has(made.body.id)).toBe(true);
    expect(byName.has(other.body.id)).toBe(false);
    const whole = ids(await logs('roles', { q: name }));
    expect([...whole]).toEqual([made.body.id]);
    const byId = await logs('roles', { q: String(made.body.id) });
    expect(byId.length).toBeGreaterThan(0);
    expect(byId.every((e) => e.recordId === made.body.id || e.record?.startsWith(String(made.body.id)))).toBe(true);
    const admin = await s.request('GET', '/api/users/1', { token });
    const byUser = await logs('roles', { q: `${admin.body.name.slice(0, 3)}*` });
    expect(ids(byUser).has(made.body.id)).toBe(true);
    expect(await logs('roles', { q: 'nobody-is-called-this*' })).toEqual([]);
    // LIKE wildcards are text: `%` matches only itself.
    expect(await logs('roles', { q: '%' })).toEqual([]);
  });

  it('exports the filtered entries as CSV, changed fields named', async () => {
    const name = unique('Exported');
    const made = await s.request('POST', '/api/roles', { token, body: { name, description: 'one' } });
    await s.request('PATCH', `/api/roles/${made.body.id}`, { token, body: { description: 'two' } });
    const csv = await download('roles', { q: `${name}*`, sort: '-date' });
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/text\/csv/);
    const [header, ...rows] = csv.rows;
    expect(header).toEqual([...CHANGE_LOG_EXPORT]);
    expect(rows.map((r) => r[header.indexOf('action')])).toEqual(['update', 'create']);
    const update = Object.fromEntries(header.map((h, i) => [h, rows[0][i]]));
    expect(update).toMatchObject({
      object: 'roles',
      recordId: String(made.body.id),
      record: name,
      changedFields: 'description',
    });
    expect(update.user).toBe((await s.request('GET', '/api/users/1', { token })).body.name);
    expect(JSON.parse(update.before).description).toBe('one');
    expect(JSON.parse(update.after).description).toBe('two');
    const created = await download('roles', { q: `${name}*`, action: 'create' });
    expect(created.rows.slice(1).map((r) => r[1])).toEqual(['create']);
    const bad = await download('roles', { from: 'yesterday' });
    expect(bad.status).toBe(400);
  });

  it('removes entries past daysToStore through the retention job, keeping the rest', async () => {
    const domainId = await domainIdOf(s.ctx);
    const configId = await configOf('tokens');
    expect(
      (await s.request('PATCH', `/api/logger/config/${configId}`, { token, body: { daysToStore: 2 } })).status,
    ).toBe(200);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    await s.ctx.db.insert(loggerEntries).values([
      { domainId, object: 'tokens', action: 'create', recordId: 555_001, date: daysAgo(3) },
      { domainId, object: 'tokens', action: 'create', recordId: 555_002, date: daysAgo(1) },
      { domainId, object: 'queues', action: 'update', recordId: 555_003, date: daysAgo(30) },
    ]);
    const kept = async () =>
      (await s.ctx.db.select({ id: loggerEntries.recordId }).from(loggerEntries)).map((r) => r.id);
    expect(await kept()).toContain(555_001);
    await s.ctx.jobs.send(SCHEDULES.retention.queue);
    await until(async () => !(await kept()).includes(555_001));
    // Younger than the config's days: kept; an object without a config keeps no log (issue 28).
    expect(await kept()).toContain(555_002);
    expect(await kept()).not.toContain(555_003);
  });

  it('offers the security trail among the loggable objects', async () => {
    const every = await s.request('GET', '/api/logger/available_objects', {
      token,
      query: { includeExisting: 'true' },
    });
    const names = every.body.items.map((i: { id: string }) => i.id);
    for (const o of AUDIT_OBJECTS) expect(names).toContain(o);
  });
});
