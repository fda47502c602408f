import { createHash } from 'node:crypto';
import { messages } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { drivers, useTestServer } from '../harness.js';
import { importCsv, uploadImport } from '../imports.js';
import { type Device, useDeviceSteps } from './device-steps.js';
import { FIXTURES } from './fixtures.js';
import { makeActor, setRbac, unique } from './helpers.js';

describe.each(drivers())('devices on %s', (driver) => {
  // The job engine runs the CSV imports.
  const s = useTestServer(driver, { jobs: { pollingIntervalSeconds: 0.5 } });
  const { newDevice, hotdesk } = useDeviceSteps(s);
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });
  const ha1Of = async (id: number) =>
    (await queryRows<{ h: string | null }>(s.ctx.db, sql`select password_ha1 as h from devices where id = ${id}`))[0].h;
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');

  describe('hotdesk', () => {
    it('generates the account "hot-" and 7 lowercase letters or digits, and keeps it while hotdesk', async () => {
      const a = await hotdesk({ account: 'chosen-by-client' });
      const b = await hotdesk();
      for (const d of [a, b]) expect(d.account).toMatch(/^hot-[a-z0-9]{7}$/);
      expect(a.account).not.toBe(b.account);
      expect(a.hotdesks).toEqual(['pc-01', 'Front_Desk']);
      const put = await s.request('PUT', `/api/devices/${a.id}`, {
        token,
        body: { name: 'Renamed desk', account: 'try-to-change', hotdesk: true, hotdesks: ['pc-02'] },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.account).toBe(a.account);
      expect(put.body.hotdesks).toEqual(['pc-02']);
      // No longer hotdesk: it needs an account of its own again, and with it the password.
      const off = await s.request('PATCH', `/api/devices/${a.id}`, { token, body: { hotdesk: false, account: '' } });
      expect(off.status).toBe(400);
      expect(off.body.fields).toContainEqual({ field: 'account', message: messages.required });
      const own = unique('own');
      const noPassword = await s.request('PATCH', `/api/devices/${a.id}`, {
        token,
        body: { hotdesk: false, account: own },
      });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.fields).toContainEqual({ field: 'password', message: messages.required });
      const ok = await s.request('PATCH', `/api/devices/${a.id}`, {
        token,
        body: { hotdesk: false, account: own, password: 'p' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ account: own, hotdesk: false });
    });

    it('takes host names of A-Z, a-z, 0-9, hyphen and underscore only ("wrong host name")', async () => {
      for (const bad of ['pc 01', 'pc.example', 'ünï', 'a/b', '']) {
        const res = await s.request('POST', '/api/devices', {
          token,
          body: { ...FIXTURES.devices.create('h'), hotdesk: true, hotdesks: [bad] },
        });
        expect(res.status, bad).toBe(400);
        expect(res.body.fields).toContainEqual({ field: 'hotdesks.0', message: 'wrong host name' });
      }
      const good = await hotdesk({ hotdesks: ['A-z_09', 'x'] });
      expect(good.hotdesks).toEqual(['A-z_09', 'x']);
    });
  });

  describe('password', () => {
    it('is never answered: not on create, read, list, projection or in the change log', async () => {
      await s.request('POST', '/api/logger/config', {
        token,
        body: { object: 'devices', enabled: true, daysToStore: 3 },
      });
      const d = await newDevice({ password: 'Top-secret-77' });
      const read = await s.request('GET', `/api/devices/${d.id}`, { token });
      const list = await s.request('GET', '/api/devices', { token, query: { size: 1000 } });
      const all = await s.request('GET', '/api/devices', { token, query: { fields: 'password' } });
      expect(all.status).toBe(400);
      const logs = await s.request('GET', `/api/logger/user/${s.adminId}/logs`, { token, query: { size: 1000 } });
      for (const answer of [d, read.body, list.body, logs.body]) {
        const text = JSON.stringify(answer);
        expect(text).not.toContain('Top-secret-77');
        expect(text).not.toMatch(/password/i);
      }
      expect(logs.body.items.some((e: { object: string }) => e.object === 'devices')).toBe(true);
      // Stored only as the SIP digest HA1 bound to the account and the domain.
      expect(await ha1Of(d.id)).toBe(md5(`${d.account}:main:Top-secret-77`));
    });

    it('is kept when omitted or empty, and replaced when sent', async () => {
      const d = await newDevice({ password: 'first' });
      const before = await ha1Of(d.id);
      const body = { name: 'Same account', account: d.account, password: '' };
      expect((await s.request('PUT', `/api/devices/${d.id}`, { token, body })).status).toBe(200);
      expect((await s.request('PATCH', `/api/devices/${d.id}`, { token, body: { brand: 'x' } })).status).toBe(200);
      expect(await ha1Of(d.id)).toBe(before);
      expect((await s.request('PATCH', `/api/devices/${d.id}`, { token, body: { password: 'second' } })).status).toBe(
        200,
      );
      expect(await ha1Of(d.id)).toBe(md5(`${d.account}:main:second`));
    });
  });

  it('keeps accounts unique in a domain whatever their case, but not across domains', async () => {
    const d = await newDevice();
    const dup = await s.request('POST', '/api/devices', {
      token,
      body: { ...FIXTURES.devices.create('dup'), account: d.account.toUpperCase() },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.fields[0].field).toBe('account');
    const other = await s.createDomain(unique('dom'));
    const there = await s.request('POST', '/api/devices', {
      token: other.adminToken,
      body: { ...FIXTURES.devices.create('o'), account: d.account },
    });
    expect(there.status).toBe(201);
  });

  describe('CSV', () => {
    it('imports every row of a good file in one go, names defaulting to the account', async () => {
      const a = unique('csv');
      const b = unique('csv');
      const content = `Account,Name,Brand,Model,MAC,IP\r\n${a},Front desk,Yealink,T46,00:11:22:33:44:55,10.1.1.1\r\n${b},,,,,\r\n`;
      const { item, errors } = await importCsv(s, token, '/devices', content);
      expect(errors).toEqual([]);
      expect(item).toMatchObject({ state: 'done', rowsRead: 2, rowsLoaded: 2 });
      const found = await s.request('GET', '/api/devices', {
        token,
        query: { q: 'csv*', size: 1000, fields: 'account,name,brand,mac,ip' },
      });
      const byAccount = Object.fromEntries(found.body.items.map((i: Device) => [i.account, i]));
      expect(byAccount[a]).toMatchObject({
        name: 'Front desk',
        brand: 'Yealink',
        mac: '00:11:22:33:44:55',
        ip: '10.1.1.1',
      });
      expect(byAccount[b]).toMatchObject({ name: b, brand: '' });
    });

    it('gives imported devices their creator’s record rights and a change-log entry, as a create does', async () => {
      const editor = await makeActor(s, token, { grants: { devices: 'rxw' } });
      await s.request('POST', '/api/logger/config', { token, body: { object: 'devices', enabled: true } });
      await setRbac(s, token, 'devices', true);
      try {
        const account = unique('owned');
        const { item } = await importCsv(s, editor.token, '/devices', `account\n${account}\n`);
        expect(item.state).toBe('done');
        const mine = await s.request('GET', '/api/devices', { token: editor.token, query: { q: account } });
        expect(mine.body.items.map((d: Device) => d.account)).toEqual([account]);
        const other = await makeActor(s, token, { grants: { devices: 'r' } });
        const hidden = await s.request('GET', '/api/devices', { token: other.token, query: { q: account } });
        expect(hidden.body.items).toEqual([]);
        const [entry] = await queryRows<{ action: string; new_state: { account: string } }>(
          s.ctx.db,
          sql`select action, new_state from logger_entries where object = 'devices' and record_id = ${mine.body.items[0].id}`,
        );
        expect(entry).toMatchObject({ action: 'create', new_state: { account } });
      } finally {
        await setRbac(s, token, 'devices', false);
      }
    });

    it('imports nothing from a file with a bad row and says which rows are wrong and why', async () => {
      const taken = await newDevice();
      const ok = unique('fine');
      const dup = unique('twice');
      const content = [
        'account,name,ip,mac',
        `${ok},Good one,10.0.0.1,`,
        `,No account,,`,
        `${unique('badip')},Bad ip,999.1.1.1,`,
        `${dup},First,,`,
        `${dup},Second,,zz`,
        `${taken.account},Taken,,`,
      ].join('\n');
      const { item, errors } = await importCsv(s, token, '/devices', content);
      expect(item).toMatchObject({
        state: 'failed',
        errorKey: 'errors.importRowsRefused',
        rowsFailed: 4,
        rowsLoaded: 0,
      });
      expect(errors).toEqual([
        { line: 3, field: 'account', message: messages.required },
        { line: 4, field: 'ip', message: messages.ipv4 },
        { line: 6, field: 'mac', message: messages.mac },
        { line: 7, field: 'account', message: 'A device with this account already exists' },
      ]);
      const sameTwice = await importCsv(s, token, '/devices', `account\n${dup}\n${dup.toUpperCase()}\n`);
      expect(sameTwice.errors).toEqual([{ line: 3, field: 'account', message: 'The account is already on row 2' }]);
      const unknownColumn = await importCsv(s, token, '/devices', 'account,colour\nx,red\n');
      expect(unknownColumn.item).toMatchObject({ state: 'failed', errorKey: 'errors.importHeader' });
      expect(unknownColumn.errors).toEqual([
        { line: 1, field: 'colour', message: expect.stringContaining('Unknown column') },
      ]);
      // A mapping picks the file's columns instead: the unknown one is left out.
      const mapped = await importCsv(s, token, '/devices', `x,account\nred,${unique('mapped')}\n`, {
        mapping: JSON.stringify({ account: 1 }),
      });
      expect(mapped.item).toMatchObject({ state: 'done', rowsLoaded: 1 });
      const noAccount = await importCsv(s, token, '/devices', 'name\nx\n');
      expect(noAccount.errors).toEqual([{ line: 1, field: 'account', message: messages.required }]);
      const ragged = await importCsv(s, token, '/devices', 'account,name\na,b,c\n');
      expect(ragged.item).toMatchObject({
        state: 'failed',
        errorKey: 'errors.importRagged',
        errorParams: { line: 2, got: 3, expected: '2' },
      });
      const none = await s.request('GET', '/api/devices', { token, query: { q: ok } });
      expect(none.body.items).toEqual([]);
    });

    it('needs the create right to import', async () => {
      const reader = await makeActor(s, token, { grants: { devices: 'rwd' } });
      const res = await uploadImport(s, reader.token, '/devices', 'account\nx1\n');
      expect(res.status).toBe(403);
    });

    it('exports the list as CSV with its search and only the records one may read', async () => {
      const tag = unique('exp');
      // The exported columns' values, set here rather than left to the generated fixture.
      const shown = { brand: 'Yealink', model: 'T46', mac: '00:11:22:AA:bb:cc', ip: '10.0.0.5' };
      const a = await newDevice({ ...shown, name: `${tag} a, "quoted"`, brand: 'Snom' });
      const b = await newDevice({ ...shown, name: `${tag} b`, model: '=HYPERLINK("http://x")' });
      const res = await fetch(`${s.url}/api/devices/export.csv?q=${encodeURIComponent(`${tag}*`)}&sort=-name`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="devices.csv"');
      const text = await res.text();
      expect(text).toBe(
        'account,name,brand,model,mac,ip\r\n' +
          `${b.account},${tag} b,Yealink,"'=HYPERLINK(""http://x"")",00:11:22:AA:bb:cc,10.0.0.5\r\n` +
          `${a.account},"${tag} a, ""quoted""",Snom,T46,00:11:22:AA:bb:cc,10.0.0.5\r\n`,
      );
      const reader = await makeActor(s, token, { grants: { devices: 'r' } });
      await setRbac(s, token, 'devices', true);
      await s.request('PATCH', `/api/devices/${b.id}/acl`, {
        token,
        body: [{ grantee: { id: reader.roleId }, grants: 'r' }],
      });
      const limited = await fetch(`${s.url}/api/devices/export.csv?q=${encodeURIComponent(`${tag}*`)}`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      const lines = (await limited.text()).trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(b.account);
      // The round trip: an exported file imports back once its accounts are free, formulas as they were.
      await s.request('DELETE', '/api/devices', { token, query: { id: [a.id, b.id] } });
      const back = await importCsv(s, token, '/devices', text);
      expect(back.item).toMatchObject({ state: 'done', rowsLoaded: 2 });
      const again = await s.request('GET', '/api/devices', { token, query: { q: `${tag} b`, fields: ['model'] } });
      expect(again.body.items[0].model).toBe('=HYPERLINK("http://x")');
    });
  });

  it('links users to real devices by id, refuses unknown or other-domain ids, and forgets deleted devices', async () => {
    const d1 = await newDevice({ name: 'Phone one' });
    const d2 = await newDevice({ name: 'Phone two' });
    const user = await s.request('POST', '/api/users', {
      token,
      body: { ...FIXTURES.users.create('link'), device: { id: d1.id }, devices: [{ id: d2.id }, { id: d1.id }] },
    });
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({
      device: { id: d1.id, name: 'Phone one' },
      // A list of references comes by name.
      devices: [
        { id: d1.id, name: 'Phone one' },
        { id: d2.id, name: 'Phone two' },
      ],
    });
    const other = await s.createDomain(unique('x'));
    const foreign = await s.request('POST', '/api/devices', {
      token: other.adminToken,
      body: FIXTURES.devices.create('f'),
    });
    for (const body of [{ device: { id: 999999 } }, { device: { id: foreign.body.id } }]) {
      const res = await s.request('PATCH', `/api/users/${user.body.id}`, { token, body });
      expect(res.status).toBe(400);
      expect(res.body.fields[0]).toMatchObject({ field: 'device', message: 'No such device exists.' });
    }
    const badList = await s.request('PATCH', `/api/users/${user.body.id}`, {
      token,
      body: { devices: [{ id: d1.id }, { id: foreign.body.id }] },
    });
    expect(badList.status).toBe(400);
    expect(badList.body.fields[0].field).toBe('devices.1');
    expect((await s.request('DELETE', `/api/devices/${d1.id}`, { token })).status).toBe(200);
    const after = await s.request('GET', `/api/users/${user.body.id}`, { token });
    expect(after.body).toMatchObject({ device: null, devices: [{ id: d2.id, name: 'Phone two' }] });
    const raw = await queryRows<{ id: number }>(
      s.ctx.db,
      sql`select device_id as id from user_devices where user_id = ${user.body.id}`,
    );
    expect(raw.map((r) => r.id)).toEqual([d2.id]);
  });
});
