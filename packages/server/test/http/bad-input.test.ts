import { messages } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { FIXTURES } from '../resources/fixtures.js';

/** Input that used to crash a handler (500) is a 4xx with the usual error body. */
describe.each(drivers())('bad input on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  let device: { id: number; account: string };
  beforeAll(async () => {
    token = s.adminToken;
    const created = await s.request('POST', '/api/devices', { token, body: FIXTURES.devices.create('bad') });
    device = created.body;
  });

  const raw = (path: string, init: RequestInit = {}) =>
    fetch(`${s.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  const expectErrorBody = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { id: string; code: number; detail: string };
    expect(body).toMatchObject({ code: status });
    expect(typeof body.id).toBe('string');
    expect(typeof body.detail).toBe('string');
    return body;
  };

  it('refuses a far-future telephony time, and a batch with one applies none of it', async () => {
    const one = await s.request('POST', '/api/telephony/events', {
      token,
      body: { type: 'device.registered', account: device.account, time: 8.7e15 },
    });
    expect(one.status).toBe(400);
    expect(one.body.fields).toEqual([{ field: 'time', message: messages.timeRange }]);
    const ahead = await s.request('POST', '/api/telephony/events', {
      token,
      body: { type: 'device.registered', account: device.account, time: Date.now() + 3 * 86_400_000 },
    });
    expect(ahead.body.fields).toEqual([{ field: 'time', message: messages.futureTime }]);
    const batch = await s.request('POST', '/api/telephony/events', {
      token,
      body: [
        { type: 'device.registered', account: device.account },
        { type: 'device.call', account: device.account, state: 'dialog', time: 1e17 },
      ],
    });
    expect(batch.status).toBe(400);
    expect(batch.body.fields[0].field).toBe('1.time');
    const read = await s.request('GET', `/api/devices/${device.id}`, { token });
    expect(read.body.state).toBe(0);
  });

  it('refuses a device history range beyond any date', async () => {
    const res = await s.request('GET', `/api/devices/${device.id}/users/audit`, {
      token,
      query: { timeFrom: '99999999999999999' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'timeFrom', message: messages.timeRange }]);
  });

  it('answers a NUL byte, a malformed escape and a 10,000-character path on the static route with 4xx', async () => {
    await expectErrorBody(await raw('/directory/%00users'), 400);
    await expectErrorBody(await raw('/directory/%E0%A4%A'), 400);
    const long = await raw(`/${'a'.repeat(10_000)}`);
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.status).toBeLessThan(500);
  });

  it('refuses multipart without a boundary, or cut off, with 400 and keeps no file', async () => {
    const noBoundary = await raw('/api/storage/media', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'whatever',
    });
    await expectErrorBody(noBoundary, 400);
    const cut = await raw('/api/storage/media', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF',
    });
    await expectErrorBody(cut, 400);
    const list = await s.request('GET', '/api/storage/media', { token, query: { q: 'a.wav' } });
    expect(list.body.items).toEqual([]);
  });

  it('takes a JSON content type with an empty body where no body is needed', async () => {
    const session = await s.login('admin', s.adminPassword);
    const out = await fetch(`${s.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
    });
    expect(out.status).toBe(204);
    const other = (await s.request('POST', '/api/devices', { token, body: FIXTURES.devices.create('gone') })).body;
    const del = await raw(`/api/devices/${other.id}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
    });
    expect(del.status).toBeLessThan(300);
    // A body that is there must still be JSON.
    await expectErrorBody(
      await raw('/api/devices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' }),
      400,
    );
  });

  it('says an id of the wrong type or an unknown choice is wrong, not missing', async () => {
    const user = await s.request('POST', '/api/users', {
      token,
      body: { username: 'typed', password: 'Typed-pass-1', roles: [{ id: '1' }] },
    });
    expect(user.status).toBe(400);
    expect(user.body.fields).toEqual([{ field: 'roles.0.id', message: messages.idType }]);
    const missing = await s.request('POST', '/api/users', {
      token,
      body: { username: 'typed', password: 'Typed-pass-1', roles: [{}] },
    });
    expect(missing.body.fields).toEqual([{ field: 'roles.0.id', message: messages.required }]);
    const channel = await s.request('POST', '/api/call_center/communication_type', {
      token,
      body: { name: 'Fax', code: 'fax', channel: 'fax' },
    });
    expect(channel.status).toBe(400);
    expect(channel.body.fields).toEqual([{ field: 'channel', message: `${messages.oneOf} phone, email, messaging` }]);
  });

  it('answers lists in camelCase only', async () => {
    const skill = await s.request('POST', '/api/call_center/skills', { token, body: { name: 'Camel' } });
    expect(skill.body).toMatchObject({ totalAgents: 0, activeAgents: 0 });
    for (const path of [
      '/api/call_center/skills',
      '/api/storage/media',
      '/api/license',
      '/api/devices',
      '/api/users',
    ]) {
      const list = await s.request('GET', path, { token });
      expect(list.status, path).toBe(200);
      const keys = list.body.items.flatMap((item: Record<string, unknown>) => Object.keys(item));
      expect(
        keys.filter((k: string) => k.includes('_')),
        path,
      ).toEqual([]);
    }
  });
});
