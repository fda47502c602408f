import { blacklistNumbersPath, messages } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { unique } from './helpers.js';

type Named = { id: number; name: string };

/** The list filters the definitions declare, served by the engine from the declaration alone. */
describe.each(drivers())('declared list filters on %s', (driver) => {
  const s = useTestServer(driver);

  const api = (method: string, path: string, body?: unknown, query?: Record<string, unknown>) =>
    s.request(method, `/api${path}`, { token: s.adminToken, body, query });
  const create = async (path: string, body: Record<string, unknown>) => {
    const res = await api('POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Named;
  };
  const names = async (path: string, query: Record<string, unknown>) => {
    const res = await api('GET', path, undefined, { size: 100, ...query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.items as { name?: string; number?: string }[]).map((i) => i.name ?? i.number).sort();
  };

  it('enum: one value or any of several; an unknown value is refused naming the param', async () => {
    const tag = unique('ct');
    const types = '/call_center/communication_type';
    await create(types, { name: `${tag} phone`, channel: 'phone', code: `${tag}p` });
    await create(types, { name: `${tag} mail`, channel: 'email', code: `${tag}e` });
    await create(types, { name: `${tag} chat`, channel: 'messaging', code: `${tag}m` });
    expect(await names(types, { q: `${tag}*`, channel: 'email' })).toEqual([`${tag} mail`]);
    expect(await names(types, { q: `${tag}*`, channel: ['email', 'phone'] })).toEqual([`${tag} mail`, `${tag} phone`]);
    expect(await names(types, { q: `${tag}*` })).toHaveLength(3);
    const bad = await api('GET', types, undefined, { channel: 'fax' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      expect.objectContaining({ field: 'channel', message: `${messages.oneOf}: phone, email, messaging` }),
    ]);
  });

  it('reference: the records that point at one record; a malformed id is refused', async () => {
    const tag = unique('dv');
    const owner = await create('/users', { username: `${tag}u`, name: `${tag} owner`, password: 'Filter-pass-123' });
    await create('/devices', {
      name: `${tag} owned`,
      account: `${tag}a`,
      password: 'x-Password-1',
      user: { id: owner.id },
    });
    await create('/devices', { name: `${tag} free`, account: `${tag}b`, password: 'x-Password-1' });
    expect(await names('/devices', { q: `${tag}*`, user: owner.id })).toEqual([`${tag} owned`]);
    for (const user of ['abc', '0', '99999999999']) {
      const bad = await api('GET', '/devices', undefined, { user });
      expect(bad.status, user).toBe(400);
      expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'user', message: messages.idType })]);
    }
  });

  it('date range: epoch milliseconds, both ends included; a time out of range is refused', async () => {
    const list = await create('/call_center/list', { name: unique('bl') });
    const path = blacklistNumbersPath(list.id);
    await api('POST', path, [
      { number: '380440000001', expireAt: '2030-06-01T00:00:00Z' },
      { number: '380440000002', expireAt: '2030-06-30T23:59:59Z' },
      { number: '380440000003', expireAt: '2030-07-01T00:00:00Z' },
      { number: '380440000004' },
    ]);
    const from = Date.parse('2030-06-01T00:00:00Z');
    const to = Date.parse('2030-06-30T23:59:59Z');
    expect(await names(path, { expireFrom: from, expireTo: to })).toEqual(['380440000001', '380440000002']);
    expect(await names(path, { expireFrom: from + 1 })).toEqual(['380440000002', '380440000003']);
    const bad = await api('GET', path, undefined, { expireTo: '1e20' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'expireTo', message: messages.timeRange })]);
    const word = await api('GET', path, undefined, { expireFrom: 'soon' });
    expect(word.body.fields).toEqual([expect.objectContaining({ field: 'expireFrom', message: messages.numeric })]);
  });

  it('number range: both ends included, fractions allowed', async () => {
    const tag = unique('pc');
    const causes = '/call_center/pause_causes';
    await create(causes, { name: `${tag} short`, limitMin: 5 });
    await create(causes, { name: `${tag} lunch`, limitMin: 45 });
    await create(causes, { name: `${tag} long`, limitMin: 90 });
    expect(await names(causes, { q: `${tag}*`, limitFrom: 5, limitTo: 45 })).toEqual([`${tag} lunch`, `${tag} short`]);
    expect(await names(causes, { q: `${tag}*`, limitFrom: 45.5 })).toEqual([`${tag} long`]);
    const bad = await api('GET', causes, undefined, { limitTo: 'lots' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'limitTo', message: messages.numeric })]);
  });

  it('documents the filter params in the OpenAPI document', async () => {
    const doc = await api('GET', '/openapi.json');
    const params = (doc.body.paths['/api/call_center/pause_causes'].get.parameters as { name: string }[]).map(
      (p) => p.name,
    );
    expect(params).toEqual(expect.arrayContaining(['limitFrom', 'limitTo']));
  });
});
