import { messages, PAUSE_CAUSE_LIMIT_MIN } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeActor, unique } from '../resources/helpers.js';

describe.each(drivers())('lookups on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  const api = (method: string, path: string, body?: unknown, as = token) =>
    s.request(method, `/api${path}`, { token: as, body });

  it('keeps a communication type code unique in the domain (409 naming code), case-insensitively', async () => {
    const code = unique('CODE');
    const first = await api('POST', '/call_center/communication_type', { name: unique('ct'), code, channel: 'phone' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ code, channel: 'phone', description: '' });
    const dup = await api('POST', '/call_center/communication_type', {
      name: unique('ct'),
      code: code.toLowerCase(),
      channel: 'email',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.fields).toEqual([expect.objectContaining({ field: 'code' })]);
    const other = await api('POST', '/call_center/communication_type', {
      name: unique('ct'),
      code: unique('C2'),
      channel: 'messaging',
    });
    const clash = await api('PATCH', `/call_center/communication_type/${other.body.id}`, { code });
    expect(clash.status).toBe(409);
    expect(clash.body.fields[0].field).toBe('code');
    const missing = await api('POST', '/call_center/communication_type', { name: unique('ct'), channel: 'fax' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([
      // An unknown channel is named as such; a missing code is missing.
      { field: 'channel', message: `${messages.oneOf} phone, email, messaging` },
      { field: 'code', message: messages.required },
    ]);
  });

  it('gives a pause cause its defaults and toggles a flag alone', async () => {
    const res = await api('POST', '/call_center/pause_causes', { name: unique('pc') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      limitMin: PAUSE_CAUSE_LIMIT_MIN,
      allowAdmin: true,
      allowSupervisor: true,
      allowAgent: true,
      description: '',
    });
    const off = await api('PATCH', `/call_center/pause_causes/${res.body.id}`, { allowSupervisor: false });
    expect(off.body).toMatchObject({ allowAdmin: true, allowSupervisor: false, allowAgent: true, limitMin: 60 });
    const neg = await api('PATCH', `/call_center/pause_causes/${res.body.id}`, { limitMin: -1 });
    expect(neg.status).toBe(400);
    expect(neg.body.fields).toEqual([{ field: 'limitMin', message: `${messages.min} 0` }]);
  });

  it('answers skills with zero agents until agent skills exist', async () => {
    const res = await api('POST', '/call_center/skills', { name: unique('sk'), description: 'talks' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ totalAgents: 0, activeAgents: 0, description: 'talks' });
  });

  it('lets any signed-in user of the domain use skills and communication types (always full rights)', async () => {
    const nobody = await makeActor(s, token);
    const skill = await api('POST', '/call_center/skills', { name: unique('sk') }, nobody.token);
    expect(skill.status).toBe(201);
    expect((await api('DELETE', `/call_center/skills/${skill.body.id}`, undefined, nobody.token)).status).toBe(200);
    const ct = await api(
      'POST',
      '/call_center/communication_type',
      { name: unique('ct'), code: unique('c'), channel: 'email' },
      nobody.token,
    );
    expect(ct.status).toBe(201);
    // Regions and pause causes stay behind the lookups class.
    expect((await api('GET', '/call_center/pause_causes', undefined, nobody.token)).status).toBe(403);
    expect((await api('GET', '/regions', undefined, nobody.token)).status).toBe(403);
    expect((await s.request('GET', '/api/call_center/skills')).status).toBe(401);
  });

  it('answers pickers only id and name when asked', async () => {
    await api('POST', '/call_center/buckets', { name: unique('bk'), description: 'x' });
    for (const path of ['/call_center/buckets', '/regions', '/call_center/communication_type', '/call_center/list']) {
      const res = await s.request('GET', `/api${path}`, { token, query: { fields: ['id', 'name'], size: 5 } });
      expect(res.status, path).toBe(200);
      for (const item of res.body.items) expect(Object.keys(item).sort(), path).toEqual(['id', 'name']);
    }
  });
});
