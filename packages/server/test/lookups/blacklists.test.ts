import { blacklistNumbersPath, DATE_INVALID, messages, NUMBER_TAKEN } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { importCsv, uploadImport } from '../imports.js';
import { makeActor, setRbac, unique } from '../resources/helpers.js';

type Num = { id: number; listId: number; number: string; description: string; expireAt: string | null };

describe.each(drivers())('blacklists and their numbers on %s', (driver) => {
  // The job engine runs the CSV imports.
  const s = useTestServer(driver, { jobs: { pollingIntervalSeconds: 0.5 } });
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const api = (method: string, path: string, body?: unknown, query?: Record<string, unknown>, as = token) =>
    s.request(method, `/api${path}`, { token: as, body, query });
  const newList = async (as = token) => {
    const res = await api('POST', '/call_center/list', { name: unique('bl') }, undefined, as);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; count: number };
  };
  const addNumber = async (listId: number, body: Record<string, unknown>) => {
    const res = await api('POST', blacklistNumbersPath(listId), body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Num;
  };
  const count = async (listId: number) => (await api('GET', `/call_center/list/${listId}`)).body.count as number;

  it('counts only numbers that have not expired, in the list, its item and its sort', async () => {
    const list = await newList();
    expect(list.count).toBe(0);
    await addNumber(list.id, { number: '380441112233' });
    await addNumber(list.id, { number: '380441112234', expireAt: new Date(Date.now() + 86_400_000).toISOString() });
    const expired = await addNumber(list.id, { number: '380441112235', expireAt: '2020-01-01T00:00:00Z' });
    expect(expired.expireAt).toBe('2020-01-01T00:00:00.000Z');
    expect(await count(list.id)).toBe(2);
    const listed = await api('GET', '/call_center/list', undefined, { id: list.id, fields: ['id', 'count'] });
    expect(listed.body.items).toEqual([{ id: list.id, count: 2 }]);
    // Expiring a number takes it out of the count.
    const live = (await api('GET', blacklistNumbersPath(list.id), undefined, { q: '380441112233' })).body.items[0];
    await api('PUT', `${blacklistNumbersPath(list.id)}/${live.id}`, {
      number: live.number,
      expireAt: '2021-06-01T12:00:00+02:00',
    });
    expect(await count(list.id)).toBe(1);
    const other = await newList();
    const sorted = await api('GET', '/call_center/list', undefined, { id: [list.id, other.id], sort: '-count' });
    expect(sorted.body.items.map((i: { id: number }) => i.id)).toEqual([list.id, other.id]);
  });

  it('searches numbers by prefix within one list, pages them and keeps lists apart', async () => {
    const a = await newList();
    const b = await newList();
    for (const n of ['7001', '7002', '7003', '8001']) await addNumber(a.id, { number: n });
    await addNumber(b.id, { number: '7004' });
    const found = await api('GET', blacklistNumbersPath(a.id), undefined, { q: '700*', sort: '+number' });
    expect(found.body.items.map((n: Num) => n.number)).toEqual(['7001', '7002', '7003']);
    const exact = await api('GET', blacklistNumbersPath(a.id), undefined, { q: '7002' });
    expect(exact.body.items.map((n: Num) => n.number)).toEqual(['7002']);
    const page = await api('GET', blacklistNumbersPath(a.id), undefined, { size: 2, page: 2, sort: '+number' });
    expect(page.body).toMatchObject({ next: false });
    expect(page.body.items.map((n: Num) => n.number)).toEqual(['7003', '8001']);
    // A number of list b is not reachable through list a.
    const inB = (await api('GET', blacklistNumbersPath(b.id))).body.items[0] as Num;
    expect(inB.listId).toBe(b.id);
    expect((await api('GET', `${blacklistNumbersPath(a.id)}/${inB.id}`)).status).toBe(404);
    expect((await api('DELETE', `${blacklistNumbersPath(a.id)}/${inB.id}`)).status).toBe(404);
    const bulk = await api('DELETE', blacklistNumbersPath(a.id), undefined, { id: [inB.id] });
    expect(bulk.body.items).toEqual([]);
    expect((await api('GET', `${blacklistNumbersPath(b.id)}/${inB.id}`)).status).toBe(200);
    expect((await api('GET', blacklistNumbersPath(999999))).status).toBe(404);
  });

  it('validates a number, refuses one already in the list, and deletes numbers with their list', async () => {
    const list = await newList();
    const bad = await api('POST', blacklistNumbersPath(list.id), { number: '', expireAt: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      { field: 'number', message: messages.required },
      { field: 'expireAt', message: DATE_INVALID },
    ]);
    const first = await addNumber(list.id, { number: '555', description: 'spam' });
    expect(first).toMatchObject({ listId: list.id, number: '555', description: 'spam', expireAt: null });
    const dup = await api('POST', blacklistNumbersPath(list.id), { number: '555' });
    expect(dup.status).toBe(409);
    expect(dup.body.fields).toEqual([expect.objectContaining({ field: 'number' })]);
    expect((await api('DELETE', `/call_center/list/${list.id}`)).status).toBe(200);
    expect((await api('GET', `${blacklistNumbersPath(list.id)}/${first.id}`)).status).toBe(404);
  });

  it('adds pasted numbers at once; a number taken in the list or twice in the paste names its line', async () => {
    const list = await newList();
    await addNumber(list.id, { number: '+380441000001' });
    const path = blacklistNumbersPath(list.id);
    const taken = await api('POST', path, [{ number: '+380441000002' }, { number: '+380441000001' }]);
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual([expect.objectContaining({ field: '2.number' })]);
    const twice = await api('POST', path, [{ number: '+380441000003' }, { number: '+380441000003' }]);
    expect(twice.status).toBe(409);
    expect(twice.body.fields).toEqual([expect.objectContaining({ field: '2.number' })]);
    expect(await count(list.id)).toBe(1);
    const ok = await api('POST', path, [{ number: '+380441000002' }, { number: '380441000003' }]);
    expect(ok.status).toBe(201);
    expect(ok.body.items.map((n: Num) => n.number)).toEqual(['+380441000002', '380441000003']);
    expect(await count(list.id)).toBe(3);
  });

  it('imports a CSV with a header, dates and quoted fields, all rows at once', async () => {
    const list = await newList();
    const csv = [
      'number,description,expireAt',
      '100200,"first, with a comma",',
      '100201,second,2099-01-31',
      '100202,,2000-01-01T00:00:00Z',
      '',
    ].join('\n');
    const { item, errors } = await importCsv(s, token, blacklistNumbersPath(list.id), csv);
    expect(errors).toEqual([]);
    expect(item).toMatchObject({ state: 'done', rowsRead: 3, rowsLoaded: 3, rowsFailed: 0, parentId: list.id });
    const items = (await api('GET', blacklistNumbersPath(list.id), undefined, { sort: '+number' })).body.items;
    expect(items.map((n: Num) => [n.number, n.description, n.expireAt])).toEqual([
      ['100200', 'first, with a comma', null],
      ['100201', 'second', '2099-01-31T00:00:00.000Z'],
      ['100202', '', '2000-01-01T00:00:00.000Z'],
    ]);
    expect(await count(list.id)).toBe(2);
    // Without a header the columns go by position.
    const plain = await importCsv(s, token, blacklistNumbersPath(list.id), '100300,\n100301,x\n', { header: 'false' });
    expect(plain.item).toMatchObject({ state: 'done', rowsLoaded: 2 });
  });

  it('imports nothing when a row is bad and reports each bad row by line and field', async () => {
    const list = await newList();
    await addNumber(list.id, { number: '900' });
    const csv = [
      'number,description,expireAt',
      '901,ok,',
      ',no number,',
      '902,bad date,someday',
      '900,taken,',
      '901,again,',
    ].join('\n');
    const { item, errors } = await importCsv(s, token, blacklistNumbersPath(list.id), csv);
    expect(item).toMatchObject({
      state: 'failed',
      rowsRead: 5,
      rowsFailed: 4,
      rowsLoaded: 0,
      error: '4 of 5 rows have errors; nothing was imported.',
      errorKey: 'errors.importRowsRefused',
    });
    expect(errors).toEqual([
      { line: 3, field: 'number', message: messages.required },
      { line: 4, field: 'expireAt', message: DATE_INVALID },
      { line: 5, field: 'number', message: NUMBER_TAKEN },
      { line: 6, field: 'number', message: `${NUMBER_TAKEN} (line 2)` },
    ]);
    const items = (await api('GET', blacklistNumbersPath(list.id))).body.items;
    expect(items.map((n: Num) => n.number)).toEqual(['900']);
    const empty = await importCsv(s, token, blacklistNumbersPath(list.id), 'number\n');
    expect(empty.item).toMatchObject({
      state: 'failed',
      errorKey: 'errors.importEmpty',
      error: 'The file holds no rows.',
    });
    const broken = await importCsv(s, token, blacklistNumbersPath(list.id), 'number\n"unclosed,1\n');
    expect(broken.item).toMatchObject({ state: 'failed', errorKey: 'errors.importCsv' });
    const missing = await uploadImport(s, token, blacklistNumbersPath(list.id), 'x', { mode: 'sometimes' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.[0].field).toBe('mode');
  });

  it('guards numbers with the list rights: read to list, edit to change; rbac follows the list', async () => {
    // Class rights alone first: blacklists may start with record checks on.
    await setRbac(s, token, 'cc_list', false);
    const list = await newList();
    const n = await addNumber(list.id, { number: '42' });
    const reader = await makeActor(s, token, { grants: { cc_list: 'r' } });
    const path = blacklistNumbersPath(list.id);
    expect((await api('GET', path, undefined, undefined, reader.token)).status).toBe(200);
    expect((await api('GET', `${path}/${n.id}`, undefined, undefined, reader.token)).status).toBe(200);
    for (const [method, url, body] of [
      ['POST', path, { number: '43' }],
      ['PUT', `${path}/${n.id}`, { number: '44' }],
      ['DELETE', `${path}/${n.id}`],
      ['DELETE', `${path}?id=${n.id}`],
    ] as [string, string, unknown?][]) {
      const res = await api(method, url, body, undefined, reader.token);
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await uploadImport(s, reader.token, path, '45\n', { header: 'false' })).status).toBe(403);
    const nobody = await makeActor(s, token, { grants: { cc_list: '' } });
    expect((await api('GET', path, undefined, undefined, nobody.token)).status).toBe(403);

    // Under rbac the record right on the list decides, for its numbers too.
    const editor = await makeActor(s, token, { grants: { cc_list: 'rxwd' } });
    await setRbac(s, token, 'cc_list', true);
    try {
      expect((await api('GET', path, undefined, undefined, editor.token)).status).toBe(403);
      const grant = await api('PATCH', `/call_center/list/${list.id}/acl`, [
        { grantee: { id: editor.roleId }, grants: 'rw' },
      ]);
      expect(grant.status, JSON.stringify(grant.body)).toBe(200);
      expect((await api('GET', path, undefined, undefined, editor.token)).status).toBe(200);
      const added = await api('POST', path, { number: '46' }, undefined, editor.token);
      expect(added.status).toBe(201);
    } finally {
      // Back to the default of a class with per-record permissions.
      await setRbac(s, token, 'cc_list', true);
    }
  });
});
