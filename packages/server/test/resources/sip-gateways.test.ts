import { RESOURCES, SIP_REGISTER_EXPIRES } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { openEvents } from '../sse.js';
import { fixtureOf } from './fixtures.js';
import { makeActor, unique } from './helpers.js';

/** SIP gateways beyond the generated suite: kinds, defaults, live status and their rules. */
describe.each(drivers())('SIP gateways on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  beforeAll(async () => {
    token = s.adminToken;
    await fixtureOf(RESOURCES.find((d) => d.name === 'sipGateways')!).prepare?.(s, token);
  });

  /** A register gateway's body, generated from the definition. */
  const register = (prefix: string) => {
    const make = fixtureOf(RESOURCES.find((d) => d.name === 'sipGateways')!).variants?.register;
    if (!make) throw new Error('sipGateways: the fixture has no register body');
    return make(prefix);
  };

  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await s.request('POST', path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  it('gives a new register gateway enable true and expires 600, and never answers the password', async () => {
    // Without the fields that have defaults, to see them.
    const { enable: _enable, expires: _expires, ...sent } = register('reg');
    const created = await post('/api/sip/gateways', sent);
    expect(created).toMatchObject({
      register: true,
      enable: true,
      expires: SIP_REGISTER_EXPIRES,
      rState: 'not_registered',
      passwordSet: true,
    });
    expect(created).not.toHaveProperty('password');
    const listed = await s.request('GET', '/api/sip/gateways', { token, query: { fields: 'id,name,passwordSet' } });
    expect(JSON.stringify(listed.body)).not.toContain(sent.password as string);
    // An update without a password keeps the stored one.
    const put = await s.request('PUT', `/api/sip/gateways/${created.id}`, {
      token,
      body: { ...register('reg2'), password: '' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.passwordSet).toBe(true);
  });

  it('gives trunking ACL rows proto any and port null', async () => {
    const created = await post('/api/sip/gateways', {
      name: unique('trunk'),
      register: false,
      host: 'sbc.example.com',
      proxy: '10.1.1.1',
      ipacl: [{ ip: '10.1.1.1' }, { ip: '10.1.1.2', proto: 'tcp', port: 5061 }],
    });
    expect(created.ipacl).toEqual([
      { ip: '10.1.1.1', proto: 'any', port: null },
      { ip: '10.1.1.2', proto: 'tcp', port: 5061 },
    ]);
    expect(created.enable).toBe(true);
  });

  it('checks a PATCH against the stored record: turning a trunk into a register gateway needs an account', async () => {
    const trunk = await post('/api/sip/gateways', {
      name: unique('t'),
      register: false,
      host: '1.2.3.4',
      proxy: '1.2.3.4',
    });
    const res = await s.request('PATCH', `/api/sip/gateways/${trunk.id}`, { token, body: { register: true } });
    expect(res.status).toBe(400);
    const fields = res.body.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['account', 'password']);
    expect((await s.request('GET', `/api/sip/gateways/${trunk.id}`, { token })).body.register).toBe(false);
    const toggled = await s.request('PATCH', `/api/sip/gateways/${trunk.id}`, { token, body: { enable: false } });
    expect(toggled.status).toBe(200);
    expect(toggled.body.enable).toBe(false);
  });

  it('takes registration status from telephony events and streams it to gateway readers', async () => {
    const gw = await post('/api/sip/gateways', register('live'));
    const trunk = await post('/api/sip/gateways', {
      name: unique('trunk'),
      register: false,
      host: '1.2.3.4',
      proxy: '1.2.3.4',
    });
    const phone = (await makeActor(s, token, { permissions: ['telephonyEvents'] })).token;
    const stream = await openEvents(s.url, token, 'gateways');
    try {
      const sent = await s.request('POST', '/api/telephony/events', {
        token: phone,
        body: { type: 'gateway', name: (gw.name as string).toUpperCase(), state: 'in_progress' },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toMatchObject({ gateway: { id: gw.id }, state: 'in_progress', changed: true });
      const got = await stream.next((e) => e.event === 'gateways');
      expect(got.data).toEqual({ id: gw.id, rState: 'in_progress' });
      const byId = await s.request('POST', '/api/telephony/events', {
        token: phone,
        body: { type: 'gateway', id: gw.id, state: 'success' },
      });
      expect(byId.status).toBe(200);
      expect((await s.request('GET', `/api/sip/gateways/${gw.id}`, { token })).body.rState).toBe('success');
    } finally {
      stream.close();
    }
    const unknown = await s.request('POST', '/api/telephony/events', {
      token: phone,
      body: { type: 'gateway', name: 'no-such-gateway', state: 'failed' },
    });
    expect(unknown.status).toBe(404);
    const onTrunk = await s.request('POST', '/api/telephony/events', {
      token: phone,
      body: { type: 'gateway', id: trunk.id, state: 'failed' },
    });
    expect(onTrunk.status).toBe(400);
    const badState = await s.request('POST', '/api/telephony/events', {
      token: phone,
      body: { type: 'gateway', id: gw.id, state: 'registered' },
    });
    expect(badState.status).toBe(400);
    expect(badState.body.fields[0].field).toBe('state');
    // The console cannot set it: rState is not part of the body.
    const put = await s.request('PATCH', `/api/sip/gateways/${gw.id}`, { token, body: { rState: 'failed' } });
    expect(put.status).toBe(200);
    expect(put.body.rState).toBe('success');
  });

  it('refuses a second gateway of the same name in the domain with 409 naming name', async () => {
    const body = register('dup');
    await post('/api/sip/gateways', body);
    const again = await s.request('POST', '/api/sip/gateways', {
      token,
      body: { ...body, name: (body.name as string).toUpperCase() },
    });
    expect(again.status).toBe(409);
    expect(again.body.fields[0].field).toBe('name');
  });
});
