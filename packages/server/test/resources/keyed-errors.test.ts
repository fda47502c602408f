import { describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { FIXTURES } from './fixtures.js';
import { makeActor } from './helpers.js';

// Errors carry a locale key and parameters besides `detail`, worded with the resource's own name.
describe.each(drivers())('keyed error messages on %s', (driver) => {
  const s = useTestServer(driver);

  it('a unique conflict names the device and the field, for the answer and the field', async () => {
    const body = FIXTURES.devices.create('keyed');
    expect((await s.request('POST', '/api/devices', { token: s.adminToken, body })).status).toBe(201);
    const res = await s.request('POST', '/api/devices', { token: s.adminToken, body: { ...body, name: 'other' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      id: 'app.devices.conflict',
      code: 409,
      detail: 'A device with this account already exists.',
      key: 'errors.conflict',
      params: { resource: 'devices', field: 'account' },
    });
    expect(res.body.fields[0]).toMatchObject({ field: 'account', key: 'errors.conflict' });
  });

  it('not found names the record in words', async () => {
    const res = await s.request('GET', '/api/call_center/buckets/999999', { token: s.adminToken });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      detail: 'No such bucket.',
      key: 'errors.notFound',
      params: { resource: 'buckets' },
    });
  });

  it('a missing class right says which right in words, keyed', async () => {
    const actor = await makeActor(s, s.adminToken);
    const res = await s.request('GET', '/api/calendars', { token: actor.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      id: 'app.auth.forbidden',
      detail: 'You may not read calendar records.',
      key: 'errors.classRight',
      params: { right: 'r', resource: 'calendars' },
    });
  });
});
