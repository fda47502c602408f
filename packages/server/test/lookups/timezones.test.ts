import { TIMEZONE_UNKNOWN, timezoneNames } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';

type Zone = { id: string; name: string; offset: string };

describe.each(drivers())('time zones on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const zones = (query: Record<string, unknown>, as = token) =>
    s.request('GET', '/api/calendars/timezones', { token: as, query });

  it('lists the catalog by pages, sorted, with id = name and the current offset', async () => {
    const first = await zones({ size: 5 });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(5);
    expect(first.body.next).toBe(true);
    expect(first.body.items.map((z: Zone) => z.name)).toEqual(timezoneNames().slice(0, 5));
    for (const z of first.body.items as Zone[]) {
      expect(z.id).toBe(z.name);
      expect(z.offset).toMatch(/^[+-]\d\d:\d\d$/);
    }
    const second = await zones({ size: 5, page: 2 });
    expect(second.body.items.map((z: Zone) => z.name)).toEqual(timezoneNames().slice(5, 10));
    const last = await zones({ size: 1000, page: 1 });
    expect(last.body.items.length).toBe(Math.min(1000, timezoneNames().length));
  });

  it('searches a prefix of the name or of its city, ignoring case, and exactly without *', async () => {
    const europe = await zones({ q: 'europe/k*', size: 100 });
    const names = europe.body.items.map((z: Zone) => z.name);
    expect(names).toContain('Europe/Kirov');
    expect(names.every((n: string) => n.toLowerCase().startsWith('europe/k'))).toBe(true);
    const city = await zones({ q: 'TOKY*' });
    expect(city.body.items).toEqual([{ id: 'Asia/Tokyo', name: 'Asia/Tokyo', offset: '+09:00' }]);
    const utc = await zones({ q: 'utc' });
    expect(utc.body.items.map((z: Zone) => z.name)).toEqual(['UTC']);
    expect((await zones({ q: 'europe/kir' })).body.items).toEqual([]);
    expect((await zones({ q: '%*' })).body).toEqual({ items: [], next: false });
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
