import { blacklistNumbersPath } from '@switchboard/model';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PAGE_SIZE } from '../../src/resources/engine/export.js';
import { drivers, useTestServer } from '../harness.js';
import { FIXTURES } from './fixtures.js';
import { makeActor, scramble, unique } from './helpers.js';

type Row = Record<string, string>;

describe.each(drivers())('CSV export on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(async () => {
    token = s.adminToken;
  });

  const download = async (path: string, query: Record<string, string | string[]> = {}, as = token) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) params.append(k, one);
    const res = await fetch(`${s.url}/api${path}/export.csv?${params}`, { headers: { authorization: `Bearer ${as}` } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    // fetch's text() drops a byte-order mark; the file must start with one (UTF-8 for spreadsheets).
    if (res.ok) expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    return { status: res.status, text, rows: res.ok ? (parse(text, { bom: true, columns: true }) as Row[]) : [] };
  };
  const listAll = async (path: string, query: Record<string, unknown>) => {
    const out: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const res = await s.request('GET', `/api${path}`, { token, query: { ...query, page, size: 1000 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      out.push(...res.body.items);
      if (!res.body.next) return out;
    }
  };

  it('streams every row in the list order across keyset pages, ties and empty values included', async () => {
    const list = await s.request('POST', '/api/call_center/list', { token, body: { name: unique('exp') } });
    const path = blacklistNumbersPath(list.body.id);
    const total = EXPORT_PAGE_SIZE * 2 + 345;
    const numbers = Array.from({ length: total }, (_, i) => ({
      number: String(1_000_000 + scramble(i % 10_007) * 10 + Math.floor(i / 10_007)),
      // Few distinct values, so that pages end inside runs of equal keys; some empty.
      description: i % 7 === 0 ? '' : `d${i % 5}`,
      expireAt: i % 3 === 0 ? null : new Date(Date.UTC(2030, 0, 1 + (i % 4), 0, 0, 0, i % 2)).toISOString(),
    }));
    for (let i = 0; i < total; i += 1000) {
      const res = await s.request('POST', `/api${path}`, { token, body: numbers.slice(i, i + 1000) });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    }
    for (const sort of ['+number', '-description', '+expireAt', '-expireAt']) {
      const listed = await listAll(path, { sort });
      const exported = await download(path, { sort });
      expect(exported.status).toBe(200);
      expect(exported.rows).toHaveLength(total);
      expect(exported.rows.map((r) => r.number)).toEqual(listed.map((r) => r.number));
    }
    const one = await download(path, { q: numbers[5].number });
    expect(one.text).toBe(`number,description,expireAt\r\n${numbers[5].number},d0,${numbers[5].expireAt}\r\n`);
    // A declared filter (the expiry range) applies as in the list.
    const range = { expireFrom: String(Date.UTC(2030, 0, 2)), expireTo: String(Date.UTC(2030, 0, 3)) };
    const inRange = await download(path, { ...range, sort: '-expireAt' });
    const listedInRange = await listAll(path, { ...range, sort: '-expireAt' });
    expect(listedInRange.length).toBeGreaterThan(EXPORT_PAGE_SIZE / 2);
    expect(listedInRange.length).toBeLessThan(total / 2);
    expect(inRange.rows.map((r) => r.number)).toEqual(listedInRange.map((r) => r.number));
    const q = `${numbers[5].number.slice(0, 4)}*`;
    const prefixed = await download(path, { q });
    const listedPrefix = await listAll(path, { q });
    expect(listedPrefix.length).toBeGreaterThan(1);
    expect(prefixed.rows.map((r) => r.number)).toEqual(listedPrefix.map((r) => r.number));
  }, 180_000);

  it('honours the list filters and neutralises formulas in every text cell', async () => {
    const tag = unique('=flow');
    const voice = await s.request('POST', '/api/routing/schema', {
      token,
      body: { name: `${tag} voice`, type: 'voice', schema: [], tags: ['+a', 'b'] },
    });
    await s.request('POST', '/api/routing/schema', {
      token,
      body: { name: `${tag} chat`, type: 'chat', schema: [] },
    });
    const exported = await download('/routing/schema', { q: `${tag}*`, type: 'voice' });
    expect(exported.status).toBe(200);
    expect(exported.rows).toEqual([
      {
        name: `'${tag} voice`,
        type: 'voice',
        tags: "'+a; b",
        editor: String(voice.body.editor),
        createdAt: voice.body.createdAt,
        updatedAt: voice.body.updatedAt,
      },
    ]);
    const both = await download('/routing/schema', { q: `${tag}*`, type: ['voice', 'chat'], sort: '-name' });
    expect(both.rows.map((r) => r.type)).toEqual(['voice', 'chat']);
    const bad = await s.request('GET', '/api/routing/schema/export.csv', { token, query: { type: 'fax' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, fields: [{ field: 'type' }] });
    const badSort = await s.request('GET', '/api/routing/schema/export.csv', { token, query: { sort: '+schema' } });
    expect(badSort.body).toMatchObject({ code: 400, fields: [{ field: 'sort' }] });
  });

  it('is guarded like the list and never crosses domains', async () => {
    const tag = unique('tn');
    await s.request('POST', '/api/devices', { token, body: { ...FIXTURES.devices.create(tag), name: `${tag} main` } });
    const list = await s.request('POST', '/api/call_center/list', { token, body: { name: unique('tn') } });
    await s.request('POST', `/api${blacklistNumbersPath(list.body.id)}`, { token, body: { number: '5550001' } });

    const other = await s.createDomain(unique('dom'));
    const theirs = await download('/devices', { q: `${tag}*` }, other.adminToken);
    expect(theirs.status).toBe(200);
    expect(theirs.rows).toEqual([]);
    // Another domain's list is as missing as one that never was.
    const foreign = await download(blacklistNumbersPath(list.body.id), {}, other.adminToken);
    expect(foreign.status).toBe(404);

    const noRight = await makeActor(s, token, { grants: { calendars: 'r' } });
    const refused = await s.request('GET', '/api/devices/export.csv', { token: noRight.token });
    expect(refused.status).toBe(403);
    const anonymous = await fetch(`${s.url}/api/devices/export.csv`);
    expect(anonymous.status).toBe(401);
  });
});
