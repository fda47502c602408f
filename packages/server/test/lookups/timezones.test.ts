import { TIMEZONE_UNKNOWN, timezoneOffset } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { timezoneCatalog } from '../../src/resources/lookups/timezone-catalog.js';
import { drivers, useTestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';

type Zone = { id: string; name: string; offset: string; aliases: string[] };

describe.each(drivers())('time zones on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const zones = (query: Record<string, unknown>, as = token) =>
    s.request('GET', '/api/calendars/timezones', { token: as, query });

  it('lists the catalog by pages, sorted, with id = name, the current offset and the old names', async () => {
    const catalog = timezoneCatalog().map((z) => z.name);
    const first = await zones({ size: 5 });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(5);
    expect(first.body.next).toBe(true);
    expect(first.body.items.map((z: Zone) => z.name)).toEqual(catalog.slice(0, 5));
    for (const z of first.body.items as Zone[]) {
      expect(z.id).toBe(z.name);
      expect(z.offset).toMatch(/^[+-]\d\d:\d\d$/);
    }
    const second = await zones({ size: 5, page: 2 });
    expect(second.body.items.map((z: Zone) => z.name)).toEqual(catalog.slice(5, 10));
    const all = (await zones({ size: 1000 })).body.items.map((z: Zone) => z.name);
    expect(all).toEqual(catalog);
    // Current IANA names, never the old ones the runtime's ICU still lists.
    expect(all).toEqual(expect.arrayContaining(['Europe/Kyiv', 'Asia/Kolkata', 'America/Nuuk', 'UTC']));
    for (const old of ['Europe/Kiev', 'Asia/Calcutta', 'America/Godthab', 'Etc/UTC']) expect(all).not.toContain(old);
  });

  it('finds a zone by any part of its name, an old name, its city or its offset, ignoring case', async () => {
    const names = async (q: string) => (await zones({ q, size: 1000 })).body.items.map((z: Zone) => z.name);
    const kyiv = await zones({ q: 'kyiv*' });
    expect(kyiv.body.items).toEqual([
      expect.objectContaining({ name: 'Europe/Kyiv', aliases: expect.arrayContaining(['Europe/Kiev']) }),
    ]);
    expect(await names('KIEV')).toEqual(['Europe/Kyiv']);
    expect(await names('york')).toContain('America/New_York');
    expect(await names('new york')).toContain('America/New_York');
    expect(await names('TOKY*')).toEqual(['Asia/Tokyo']);
    expect(await names('ope/kir')).toEqual(['Europe/Kirov']);
    const india = await names('+05:30');
    expect(india).toContain('Asia/Kolkata');
    expect(india.every((n: string) => timezoneOffset(n) === '+05:30')).toBe(true);
    expect(await names('utc+9')).toContain('Asia/Tokyo');
    expect(await names('utc')).toContain('UTC');
    expect((await zones({ q: '%*' })).body).toEqual({ items: [], next: false });
  });

  it('stores an old zone name as the current one', async () => {
    const created = await s.request('POST', '/api/regions', {
      token,
      body: { name: unique('tz'), timezone: { name: 'Europe/Kiev' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.timezone).toEqual({ name: 'Europe/Kyiv' });
  });

  it('refuses bad paging and answers 401 without a token, 200 for a user with no rights', async () => {
    const bad = await zones({ size: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'size' })]);
    expect((await s.request('GET', '/api/calendars/timezones')).status).toBe(401);
    const nobody = await makeActor(s, token);
    expect((await zones({ q: 'utc' }, nobody.token)).status).toBe(200);
  });

  it('stores a region time zone by name, drops the offset and refuses an unknown one', async () => {
    const created = await s.request('POST', '/api/regions', {
      token,
      body: { name: unique('tz'), timezone: { name: 'Asia/Tokyo', offset: '+09:00' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.timezone).toEqual({ name: 'Asia/Tokyo' });
    expect(created.body.description).toBe('');
    const bad = await s.request('PATCH', `/api/regions/${created.body.id}`, {
      token,
      body: { timezone: { name: 'Asia/Atlantis' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'timezone', message: TIMEZONE_UNKNOWN }]);
    const kept = await s.request('GET', `/api/regions/${created.body.id}`, { token });
    expect(kept.body.timezone).toEqual({ name: 'Asia/Tokyo' });
    const dup = await s.request('POST', '/api/regions', {
      token,
      body: { name: created.body.name.toUpperCase(), timezone: { name: 'UTC' } },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.fields).toEqual([expect.objectContaining({ field: 'name' })]);
  });
});
