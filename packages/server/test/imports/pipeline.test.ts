import fs from 'node:fs';
import path from 'node:path';
import { blacklistNumbersPath, DATE_INVALID, NUMBER_TAKEN } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql.js';
import { drivers, startTestServer, useTestServer } from '../harness.js';
import { getImport, importCsv, numbersFile, uploadImport, waitImport } from '../imports.js';
import { makeActor, unique } from '../resources/helpers.js';
import { openEvents } from '../sse.js';

describe.each(drivers())('the import pipeline on %s', (driver) => {
  const s = useTestServer(driver, { jobs: { pollingIntervalSeconds: 0.5 } });
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });
  const newList = async (as = token) => {
    const res = await s.request('POST', '/api/call_center/list', { token: as, body: { name: unique('imp') } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const numbers = async (listId: number) =>
    (
      await queryRows<{ n: number }>(
        s.ctx.db,
        sql`select count(*)::int as n from blacklist_numbers where list_id = ${listId}`,
      )
    )[0].n;

  it('checks 100,000 rows: a dry run and an all-or-nothing run with bad rows load nothing, skip loads the rest', async () => {
    const listId = await newList();
    const file = numbersFile(100_000, {
      10: 'abc,not a number,',
      50001: '380440000000,the number of line 2 again,',
      99999: '380449999999,bad date,someday',
    });
    const where = blacklistNumbersPath(listId);
    const report = [
      { line: 10, field: 'number', message: expect.stringContaining('') },
      { line: 50_001, field: 'number', message: `${NUMBER_TAKEN} (line 2)` },
      { line: 99_999, field: 'expireAt', message: DATE_INVALID },
    ];

    const dry = await importCsv(s, token, where, file, { mode: 'dry' });
    expect(dry.item).toMatchObject({
      state: 'done',
      rowsRead: 100_000,
      rowsFailed: 3,
      rowsToLoad: 99_997,
      rowsLoaded: 0,
    });
    expect(dry.item.bytesRead).toBe(Buffer.byteLength(file));
    expect(dry.errors).toEqual(report);
    expect(await numbers(listId)).toBe(0);

    const all = await importCsv(s, token, where, file, { mode: 'all' });
    expect(all.item).toMatchObject({ state: 'failed', errorKey: 'errors.importRowsRefused', rowsFailed: 3 });
    expect(all.item.error).toBe('3 of 100000 rows have errors; nothing was imported.');
    expect(await numbers(listId)).toBe(0);

    const skip = await importCsv(s, token, where, file, { mode: 'skip' });
    expect(skip.item).toMatchObject({ state: 'done', rowsRead: 100_000, rowsFailed: 3, rowsLoaded: 99_997 });
    expect(skip.errors).toEqual(report);
    expect(await numbers(listId)).toBe(99_997);
    // The staging table of each finished import is gone.
    const left = await queryRows(s.ctx.db, sql`select 1 from pg_tables where tablename like 'import_staging_%'`);
    expect(left).toEqual([]);

    // The report as CSV, in line order.
    const csv = await fetch(`${s.url}/api/imports/${skip.item.id}/errors.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('line,field,message');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['10', '50001', '99999']);

    // Again: every number but the one of bad line 10 is taken now; each taken row is reported.
    const again = await importCsv(s, token, where, numbersFile(1000), { mode: 'skip' });
    expect(again.item).toMatchObject({ state: 'done', rowsFailed: 999, rowsLoaded: 1 });
    expect(again.errors[0]).toEqual({ line: 2, field: 'number', message: NUMBER_TAKEN });
  });

  it('cancels an import while queued and while running; a cancelled import loads nothing', async () => {
    const listId = await newList();
    const where = blacklistNumbersPath(listId);
    const queued = await uploadImport(s, token, where, numbersFile(10));
    const cancelled = await s.request('POST', `/api/imports/${queued.body.id}/cancel`, { token });
    expect(cancelled.status).toBe(200);
    expect((await waitImport(s, token, queued.body.id)).state).toBe('cancelled');

    const big = await uploadImport(s, token, where, numbersFile(200_000), { mode: 'skip' });
    expect(big.status).toBe(202);
    let item = await getImport(s, token, big.body.id);
    while (item.state === 'queued' || (item.state === 'running' && item.rowsRead === 0)) {
      await new Promise((r) => setTimeout(r, 20));
      item = await getImport(s, token, big.body.id);
    }
    expect(item).toMatchObject({ state: 'running', phase: 'checking' });
    const stop = await s.request('POST', `/api/imports/${item.id}/cancel`, { token });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    const ended = await waitImport(s, token, item.id);
    expect(ended).toMatchObject({ state: 'cancelled', errorKey: 'errors.importCancelled', rowsLoaded: 0 });
    expect(ended.rowsRead).toBeLessThan(200_000);
    expect(await numbers(listId)).toBe(0);
    // An ended import is not cancelled again.
    const late = await s.request('POST', `/api/imports/${item.id}/cancel`, { token });
    expect(late.status).toBe(409);
    expect(late.body.key).toBe('errors.importEnded');
  });

  it('refuses files that are not CSV text of the chosen charset, ragged or empty, loading nothing', async () => {
    const listId = await newList();
    const where = blacklistNumbersPath(listId);
    // "Номер заблокирован" in windows-1251: not UTF-8.
    const cp1251 = Buffer.concat([
      Buffer.from('number,description\n380441230001,'),
      Buffer.from([0xcd, 0xee, 0xec, 0xe5, 0xf0]),
      Buffer.from('\n'),
    ]);
    const wrong = await importCsv(s, token, where, cp1251);
    expect(wrong.item).toMatchObject({ state: 'failed', errorKey: 'errors.importNotText', rowsLoaded: 0 });
    expect(wrong.item.error).toContain('utf-8');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect((await importCsv(s, token, where, png)).item).toMatchObject({
      state: 'failed',
      errorKey: 'errors.importNotText',
    });
    expect((await importCsv(s, token, where, '')).item).toMatchObject({
      state: 'failed',
      errorKey: 'errors.importEmpty',
    });
    const ragged = await importCsv(s, token, where, 'number,description\n380441230002,a\n380441230003\n');
    expect(ragged.item).toMatchObject({
      state: 'failed',
      errorKey: 'errors.importRagged',
      errorParams: { line: 3, got: 1, expected: '2' },
    });
    expect(await numbers(listId)).toBe(0);
    // The same bytes with their charset named read right; a semicolon separator too.
    const right = await importCsv(s, token, where, cp1251, { charset: 'windows-1251' });
    expect(right.item).toMatchObject({ state: 'done', rowsLoaded: 1 });
    const semi = await importCsv(s, token, where, '380441230009;semi\n', { separator: ';', header: 'false' });
    expect(semi.item).toMatchObject({ state: 'done', rowsLoaded: 1 });
    const rows = await s.request('GET', `/api${where}`, { token, query: { sort: '+number' } });
    expect(rows.body.items.map((n: { description: string }) => n.description)).toEqual(['Номер', 'semi']);
  });

  it('shows an import and its progress to the user who started it only', async () => {
    const listId = await newList();
    const other = await makeActor(s, token, { grants: { cc_list: 'rxwd' } });
    const mine = await openEvents(s.url, token, 'imports');
    const theirs = await openEvents(s.url, other.token, 'imports');
    try {
      const { item } = await importCsv(s, token, blacklistNumbersPath(listId), numbersFile(50));
      const done = await mine.next(
        (e) =>
          (e.data as { id: number; state: string }).id === item.id && (e.data as { state: string }).state === 'done',
      );
      expect(done.data).toMatchObject({ rowsLoaded: 50, rowsRead: 50 });
      expect(theirs.events.filter((e) => (e.data as { id: number }).id === item.id)).toEqual([]);
      expect((await s.request('GET', `/api/imports/${item.id}`, { token: other.token })).status).toBe(404);
      expect((await s.request('GET', `/api/imports/${item.id}/errors`, { token: other.token })).status).toBe(404);
      const listed = await s.request('GET', '/api/imports', {
        token,
        query: { resource: 'blacklistNumbers', parentId: listId },
      });
      expect(listed.body.items.map((i: { id: number }) => i.id)).toEqual([item.id]);
      expect((await s.request('GET', '/api/imports', { token: other.token })).body.items).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('answers 404 for a list of another domain and 400 naming a bad option', async () => {
    const foreign = await s.createDomain(unique('dom'));
    const theirList = await newList(foreign.adminToken);
    const res = await uploadImport(s, token, blacklistNumbersPath(theirList), numbersFile(1));
    expect(res.status).toBe(404);
    const badMapping = await uploadImport(s, token, blacklistNumbersPath(await newList()), numbersFile(1), {
      mapping: JSON.stringify({ description: 1 }),
    });
    expect(badMapping.status).toBe(400);
    expect(badMapping.body.fields).toEqual([{ field: 'mapping.number', message: 'This field is required' }]);
    const noFile = await fetch(`${s.url}/api${blacklistNumbersPath(theirList)}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${foreign.adminToken}` },
      body: (() => {
        const f = new FormData();
        f.append('mode', 'all');
        return f;
      })(),
    });
    expect(noFile.status).toBe(400);
  });
});

describe('the import size limit', () => {
  it('answers 413 past IMPORT_MAX_BYTES while streaming, and keeps neither the file nor an import', async () => {
    const s = await startTestServer({ config: { importMaxBytes: 64 * 1024 }, jobs: { pollingIntervalSeconds: 0.5 } });
    try {
      const list = await s.request('POST', '/api/call_center/list', { token: s.adminToken, body: { name: 'big' } });
      const res = await uploadImport(s, s.adminToken, blacklistNumbersPath(list.body.id), numbersFile(5000));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ key: 'errors.importTooLarge' });
      const dir = path.join(s.ctx.config.importDir, '1');
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
      const rows = await queryRows(s.ctx.db, sql`select id from imports`);
      expect(rows).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
