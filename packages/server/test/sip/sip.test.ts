import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sipApiCalls } from '../../src/telephony/sip-routes.js';
import { drivers } from '../harness.js';
import { openEvents } from '../sse.js';
import { createDevice, type SipTestServer, startSipServer, stateOf, until } from './helpers.js';
import { auth, freeUdpPort, sipp, sippServer } from './sipp.js';

/**
 * Devices register through the real SIP server (Kamailio, started by the API) with SIPp: digest
 * authentication against the HA1 the API answers, presence through the telephony events path.
 */
describe.each(drivers())('SIP server (%s)', (driver) => {
  let s: SipTestServer;
  beforeAll(async () => {
    s = await startSipServer(driver);
  });
  afterAll(async () => {
    await s?.close();
  });

  const register = (account: string, password: string, expires = 60, realm = s.domain, port?: number) =>
    sipp('register.xml', s.target, { rows: [[account, realm, auth(account, password), String(expires)]], port });
  /** Refusals from an address of their own each, so failures counted per address block none of the others. */
  let source = 10;
  const refused = (account: string, password: string, realm = s.domain, ip = `127.0.0.${source++}`) =>
    sipp('register-refused.xml', s.target, { rows: [[account, realm, auth(account, password), '60']], ip });

  it('registers a device with its password: presence live, contact, address and user agent in its history', async () => {
    const device = await createDevice(s, 'desk-101', 'pw-desk-101');
    // One phone: the same contact each time.
    const port = await freeUdpPort();
    const events = await openEvents(s.url, s.adminToken, 'devices');
    const run = await register('desk-101', 'pw-desk-101', 60, s.domain, port);
    expect(run.code, run.output).toBe(0);
    const live = await events.next((e) => (e.data as { id: number }).id === device.id);
    events.close();
    expect(live.data).toMatchObject({ id: device.id, account: 'desk-101', state: 1 });
    expect(await stateOf(s, device.id)).toBe(1);
    await until(async () => {
      const h = await s.request('GET', `/api/devices/${device.id}/registrations`, { token: s.adminToken });
      return h.body.items.length > 0;
    });
    const history = await s.request('GET', `/api/devices/${device.id}/registrations`, { token: s.adminToken });
    expect(history.body.items[0]).toMatchObject({
      event: 'registered',
      ip: '127.0.0.1',
      transport: 'udp',
      userAgent: 'SIPp softphone',
    });
    expect(history.body.items[0].expires).toBeGreaterThan(50);
    expect(history.body.items[0].contact).toMatch(/^sip:desk-101@127\.0\.0\.1:\d+/);

    // A re-register keeps it registered and adds no entry; Expires: 0 unregisters it.
    expect((await register('desk-101', 'pw-desk-101', 60, s.domain, port)).code).toBe(0);
    expect((await register('desk-101', 'pw-desk-101', 0, s.domain, port)).code).toBe(0);
    await until(async () => (await stateOf(s, device.id)) === 0, 'nonreg after Expires: 0');
    const after = await s.request('GET', `/api/devices/${device.id}/registrations`, { token: s.adminToken });
    expect(after.body.items.map((i: { event: string }) => i.event)).toEqual(['unregistered', 'registered']);
  });

  it('connects a call from one device to another, both states live: ringing, dialing, dialog, on hold, back', async () => {
    const a = await createDevice(s, 'call-a', 'pw-call-a');
    const b = await createDevice(s, 'call-b', 'pw-call-b');
    const calleePort = await freeUdpPort();
    expect((await register('call-b', 'pw-call-b', 60, s.domain, calleePort)).code).toBe(0);
    expect((await register('call-a', 'pw-call-a')).code).toBe(0);
    await until(async () => (await stateOf(s, a.id)) === 1 && (await stateOf(s, b.id)) === 1, 'both reged');
    const events = await openEvents(s.url, s.adminToken, 'devices');
    const callee = await sippServer('call-callee.xml', calleePort);
    try {
      const run = await sipp('call-caller.xml', s.target, {
        rows: [['call-a', s.domain, auth('call-a', 'pw-call-a'), 'call-b']],
      });
      expect(run.code, run.output).toBe(0);
      expect(await callee.exited).toBe(0);
    } finally {
      await callee.stop();
    }
    await until(async () => (await stateOf(s, a.id)) === 1 && (await stateOf(s, b.id)) === 1, 'both back to reged');
    await new Promise((r) => setTimeout(r, 200));
    events.close();
    const states = (id: number) =>
      events.events.filter((e) => (e.data as { id: number }).id === id).map((e) => (e.data as { state: number }).state);
    // DEVICE_STATES: 1 reged, 2 ringing, 3 dialing, 4 dialog, 5 onhold.
    expect(states(a.id)).toEqual([3, 4, 5, 4, 1]);
    expect(states(b.id)).toEqual([2, 4, 5, 4, 1]);
  });

  it('routes any other number by the dialplan: out through a gateway with the number rewritten, or refused', async () => {
    const token = s.adminToken;
    const post = async (path: string, body: unknown) => {
      const res = await s.request('POST', path, { token, body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
      return res.body;
    };
    const rule = async (pattern: string, schema: unknown) => {
      const flow = await post('/api/routing/schema', { name: `flow ${pattern}`, schema });
      await post('/api/routing/outbound/calls', { name: `rule ${pattern}`, pattern, schema: { id: flow.id } });
    };
    const carrierPort = await freeUdpPort();
    const gw = await post('/api/sip/gateways', {
      name: 'carrier',
      register: false,
      host: '127.0.0.1',
      proxy: '127.0.0.1',
      ipacl: [{ ip: '127.0.0.1', port: carrierPort }],
    });
    await rule('^90(\\d+)$', [{ bridge: { endpoints: [{ type: 'sipGateway', name: gw.name, dialString: '+49$1' }] } }]);
    const list = await post('/api/call_center/list', { name: 'barred' });
    await post(`/api/call_center/list/${list.id}/communication`, { number: '2002' });
    await rule('^77$', [{ blackList: { name: list.name } }, { hangup: 'NORMAL_CLEARING' }]);
    const today = new Date().toISOString().slice(0, 10);
    const cal = await post('/api/calendars', {
      name: 'closed today',
      timezone: { name: 'UTC' },
      accepts: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, startTimeOfDay: 0, endTimeOfDay: 1439 })),
      excepts: [{ name: 'Closed', date: today, repeat: false }],
    });
    await rule('^55$', [
      { calendar: { name: cal.name, setVar: 'open' } },
      {
        // Built from entries: an object literal with a `then` key reads as a thenable to the linter.
        if: Object.fromEntries([
          ['expression', `$\{open} == true`],
          ['then', [{ hangup: 'NORMAL_CLEARING' }]],
          ['else', [{ hangup: 'USER_BUSY' }]],
        ]),
      },
    ]);
    await createDevice(s, '2001', 'pw-2001');
    await createDevice(s, '2002', 'pw-2002');
    const dial = (from: string, number: string) =>
      sipp('call-out.xml', s.target, { rows: [[from, s.domain, auth(from, `pw-${from}`), number]], trace: true });
    const finalCode = (messages: string) => {
      const codes = [...messages.matchAll(/^SIP\/2\.0 (\d{3})/gm)]
        .map((m) => Number(m[1]))
        .filter((c) => c >= 200 && c !== 407);
      return codes[0];
    };

    const carrier = await sippServer('carrier.xml', carrierPort);
    try {
      const run = await dial('2001', '90301234');
      expect(run.code, run.output).toBe(0);
      expect(finalCode(run.messages)).toBe(200);
      expect(await carrier.exited).toBe(0);
      expect(carrier.messages(), carrier.messages().slice(0, 600)).toMatch(
        /INVITE sip:\+49301234@127\.0\.0\.1:\d+ SIP\/2\.0/,
      );
    } finally {
      await carrier.stop();
    }
    expect(finalCode((await dial('2002', '77')).messages)).toBe(403);
    expect(finalCode((await dial('2001', '77')).messages)).not.toBe(403);
    expect(finalCode((await dial('2001', '55')).messages)).toBe(486);
    expect(finalCode((await dial('2001', '123456')).messages)).toBe(404);
  });

  it('registers a register gateway upstream: success on 200, failed on 403, not registered when disabled', async () => {
    // Gateways name hosts without ports: the provider gets a loopback address of its own, port 5060.
    const providerHost = `127.23.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
    const events = await openEvents(s.url, s.adminToken, 'gateways');
    const rState = (id: number, state: string) => (e: { data: unknown }) =>
      (e.data as { id: number }).id === id && (e.data as { rState?: string }).rState === state;
    const seen = (id: number, state: string) =>
      events.next(rState(id, state)).catch(() => {
        throw new Error(`no ${state}: ${JSON.stringify(events.events.map((e) => e.data))}`);
      });
    const provider = await sippServer('provider-ok.xml', 5060, [], providerHost);
    const created = await s.request('POST', '/api/sip/gateways', {
      token: s.adminToken,
      body: {
        name: 'upstream',
        register: true,
        account: `trunk-user@${providerHost}`,
        username: 'trunk-user',
        password: 'trunk-pass',
        expires: 600,
        proxy: providerHost,
        registrar: providerHost,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    try {
      expect(await provider.exited, provider.output().slice(-800)).toBe(0);
      expect(provider.messages()).toMatch(/REGISTER sip:[^ ]+ SIP\/2\.0[\s\S]*From: <sip:trunk-user@/);
      await seen(id, 'success');
    } finally {
      await provider.stop();
    }
    // The provider refuses a new registration: the status says so.
    const refusing = await sippServer('provider-refuse.xml', 5060, [], providerHost);
    try {
      const patch = await s.request('PATCH', `/api/sip/gateways/${id}`, {
        token: s.adminToken,
        body: { password: 'changed-pass' },
      });
      expect(patch.status).toBe(200);
      expect(await refusing.exited, refusing.output().slice(-800)).toBe(0);
      await seen(id, 'failed');
    } finally {
      await refusing.stop();
    }
    const disabled = await s.request('PATCH', `/api/sip/gateways/${id}`, {
      token: s.adminToken,
      body: { enable: false },
    });
    expect(disabled.status).toBe(200);
    await seen(id, 'not_registered');
    events.close();
  });

  it('admits calls from a trunking gateway’s ipacl addresses only, routed to a device', async () => {
    const trunkPort = await freeUdpPort();
    const created = await s.request('POST', '/api/sip/gateways', {
      token: s.adminToken,
      body: {
        name: 'trunk-in',
        register: false,
        host: '127.0.0.1',
        proxy: '127.0.0.1',
        ipacl: [{ ip: '127.0.0.1', port: trunkPort }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The address table reaches Kamailio within a tick of the change.
    await until(async () => JSON.stringify(await s.sip?.rpc('permissions.addressDump')).includes(String(trunkPort)));
    await createDevice(s, 'desk-120', 'pw-desk-120');
    const calleePort = await freeUdpPort();
    expect((await register('desk-120', 'pw-desk-120', 60, s.domain, calleePort)).code).toBe(0);
    const before = sipApiCalls.route;
    const call = (port?: number) =>
      sipp('trunk-in.xml', s.target, { rows: [['+4930555', '127.0.0.1', '', 'desk-120']], port, trace: true });
    const finalCode = (messages: string) =>
      [...messages.matchAll(/^SIP\/2\.0 (\d{3})/gm)].map((m) => Number(m[1])).find((c) => c >= 200);
    // Another port of the same host is not the trunk: challenged as any caller, never routed.
    expect(finalCode((await call()).messages)).toBe(407);
    expect(sipApiCalls.route).toBe(before);
    const callee = await sippServer('carrier.xml', calleePort);
    try {
      const run = await call(trunkPort);
      expect(run.code, run.output).toBe(0);
      expect(finalCode(run.messages)).toBe(200);
      expect(await callee.exited).toBe(0);
      expect(callee.messages()).toMatch(/INVITE sip:desk-120@127\.0\.0\.1:\d+/);
    } finally {
      await callee.stop();
    }
    expect(sipApiCalls.route).toBe(before + 1);
  });

  it('answers the SIP server only with the shared secret', async () => {
    await createDevice(s, 'desk-110', 'pw-desk-110');
    const body = { realm: s.domain, account: 'desk-110' };
    const ask = (secret?: string) =>
      s.request('POST', '/api/telephony/sip/credentials', {
        body,
        headers: secret === undefined ? {} : { 'x-telephony-secret': secret },
      });
    expect((await ask()).status).toBe(401);
    expect((await ask('not-the-secret')).status).toBe(401);
    const right = await ask(s.ctx.config.telephonySecret ?? '');
    expect(right.status).toBe(200);
    expect(right.body.ha1).toMatch(/^[0-9a-f]{32}$/);
    const unknown = await s.request('POST', '/api/telephony/sip/credentials', {
      body: { realm: s.domain, account: 'nobody' },
      headers: { 'x-telephony-secret': s.ctx.config.telephonySecret ?? '' },
    });
    expect(unknown.status).toBe(404);
  });

  it('moves a device to nonreg when its registration expires', async () => {
    const device = await createDevice(s, 'desk-102', 'pw-desk-102');
    expect((await register('desk-102', 'pw-desk-102', 1)).code).toBe(0);
    await until(async () => (await stateOf(s, device.id)) === 1, 'reged');
    await until(async () => (await stateOf(s, device.id)) === 0, 'nonreg after expiry');
    const history = await s.request('GET', `/api/devices/${device.id}/registrations`, { token: s.adminToken });
    expect(history.body.items[0].event).toBe('expired');
  });

  it('refuses a wrong password, an unknown account and an account of another realm', async () => {
    await createDevice(s, 'desk-103', 'pw-desk-103');
    expect((await refused('desk-103', 'not-it')).code).toBe(0);
    expect((await refused('nobody-here', 'whatever')).code).toBe(0);
    const other = await s.createDomain('other-realm');
    const res = await s.request('POST', '/api/devices', {
      token: other.adminToken,
      body: { name: 'x', account: 'desk-900', password: 'pw-desk-900' },
    });
    expect(res.status).toBe(201);
    // Its own realm admits it; the first domain's realm does not know it.
    expect((await register('desk-900', 'pw-desk-900', 60, 'other-realm')).code).toBe(0);
    expect((await refused('desk-900', 'pw-desk-900')).code).toBe(0);
  });

  it('stops admitting a changed password, a deleted device and a deactivated user’s device within seconds', async () => {
    const device = await createDevice(s, 'desk-104', 'old-pass-104');
    expect((await register('desk-104', 'old-pass-104')).code).toBe(0);
    const patch = await s.request('PATCH', `/api/devices/${device.id}`, {
      token: s.adminToken,
      body: { password: 'new-pass-104' },
    });
    expect(patch.status).toBe(200);
    await until(async () => (await refused('desk-104', 'old-pass-104')).code === 0, 'the old password refused');
    expect((await register('desk-104', 'new-pass-104')).code).toBe(0);

    const user = await s.request('POST', '/api/users', {
      token: s.adminToken,
      body: { username: 'owner-105', name: 'Owner', password: 'Owner-pass-105!' },
    });
    expect(user.status).toBe(201);
    await createDevice(s, 'desk-105', 'pw-desk-105', { user: { id: user.body.id } });
    expect((await register('desk-105', 'pw-desk-105')).code).toBe(0);
    expect(
      (await s.request('PATCH', `/api/users/${user.body.id}`, { token: s.adminToken, body: { state: false } })).status,
    ).toBe(200);
    await until(async () => (await refused('desk-105', 'pw-desk-105')).code === 0, 'the disabled device refused');

    const gone = await createDevice(s, 'desk-106', 'pw-desk-106');
    expect((await register('desk-106', 'pw-desk-106')).code).toBe(0);
    expect((await s.request('DELETE', `/api/devices/${gone.id}`, { token: s.adminToken })).status).toBe(200);
    await until(async () => (await refused('desk-106', 'pw-desk-106')).code === 0, 'the deleted device refused');
  });

  it('registers a hotdesk device by its generated hot- account', async () => {
    const res = await s.request('POST', '/api/devices', {
      token: s.adminToken,
      body: { name: 'Hotdesk', password: 'pw-hot', hotdesk: true },
    });
    expect(res.status).toBe(201);
    const account = res.body.account as string;
    expect(account).toMatch(/^hot-[a-z0-9]{7}$/);
    expect((await register(account, 'pw-hot')).code).toBe(0);
    await until(async () => (await stateOf(s, res.body.id)) === 1, 'hotdesk reged');
  });

  it('keeps malformed datagrams away from the API and comes back when Kamailio dies', async () => {
    const before = { ...sipApiCalls };
    const socket = dgram.createSocket('udp4');
    for (let i = 0; i < 50; i++) {
      await new Promise<void>((resolve) =>
        socket.send(`GARBAGE ${i} \r\n\r\n`, s.sipPort, '127.0.0.1', () => resolve()),
      );
    }
    socket.close();
    expect(sipApiCalls.credentials).toBe(before.credentials);

    const pid = s.sip?.pid();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid as number, 'SIGKILL');
    await until(async () => (s.sip?.starts() ?? 0) > 1 && s.sip?.pid() !== undefined, 'a restart');
    await createDevice(s, 'desk-107', 'pw-desk-107');
    await until(async () => (await register('desk-107', 'pw-desk-107')).code === 0, 'a registration after the restart');
  });

  it('blocks an address after repeated failures, asking the API a bounded number of times', async () => {
    await createDevice(s, 'desk-108', 'pw-desk-108');
    const before = sipApiCalls.credentials;
    for (let i = 0; i < 12; i++) {
      expect((await refused(`guess-${i}`, 'guess', s.domain, '127.0.0.2')).code).toBe(0);
    }
    // Six failures (SIP_MAX_AUTH_FAILURES here) from one address, then nothing reaches the API.
    expect(sipApiCalls.credentials - before).toBeLessThanOrEqual(6);
    expect((await refused('desk-108', 'pw-desk-108', s.domain, '127.0.0.2')).code).toBe(0);
    // Another address is not blocked.
    expect((await register('desk-108', 'pw-desk-108')).code).toBe(0);
  });
});
