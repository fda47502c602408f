import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../harness.js';
import { openEvents } from '../sse.js';
import { createDevice, finalCode, type SipTestServer, startSipServer, stateOf, until } from './helpers.js';
import { auth, freeUdpPort, scenarioFrom, sipp, sippServer } from './sipp.js';

/**
 * Calls on the whole routing decision: a failover bridge tries carriers one after another, a
 * multiple bridge rings devices at once, and the caller identity a flow sets is presented.
 */
describe.each(drivers())('SIP calls: failover, parallel fork, caller identity (%s)', (driver) => {
  let s: SipTestServer;
  beforeAll(async () => {
    s = await startSipServer(driver);
  });
  afterAll(async () => {
    await s?.close();
  });

  const post = async (path: string, body: unknown) => {
    const res = await s.request('POST', path, { token: s.adminToken, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };
  /** A dialplan rule with its voice flow. */
  const rule = async (pattern: string, schema: unknown) => {
    const flow = await post('/api/routing/schema', { name: `flow ${pattern}`, schema });
    await post('/api/routing/outbound/calls', { name: `rule ${pattern}`, pattern, schema: { id: flow.id } });
  };
  /** A trunking gateway on 127.0.0.1 whose calls go to `port` (its ACL row's port). */
  const carrierGateway = async (name: string, port: number) =>
    post('/api/sip/gateways', {
      name,
      register: false,
      host: '127.0.0.1',
      proxy: '127.0.0.1',
      ipacl: [{ ip: '127.0.0.1', port }],
    });
  const register = (account: string, port: number) =>
    sipp('register.xml', s.target, { rows: [[account, s.domain, auth(account, `pw-${account}`), '60']], port });
  /** A device calls `number` (call-out.xml: answered, it hangs up at once). */
  const dial = (from: string, number: string) =>
    sipp('call-out.xml', s.target, { rows: [[from, s.domain, auth(from, `pw-${from}`), number]], trace: true });
  /** What the API answers Kamailio for a call (the shared secret's route). */
  const routeAnswer = async (caller: string, destination: string) => {
    const res = await s.request('POST', '/api/telephony/sip/route', {
      headers: { 'x-telephony-secret': s.ctx.config.telephonySecret ?? '' },
      body: { realm: s.domain, caller, callerName: `"Caller ${caller}"`, destination, callId: 'route-answer' },
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const refusing = async (port: number, code: number, reason: string) => {
    const scenario = scenarioFrom('carrier-refuse.xml', { CODE: code, REASON: reason });
    const server = await sippServer(scenario, port);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        fs.rmSync(path.dirname(scenario), { recursive: true, force: true });
      },
    };
  };

  it('fails over from a carrier answering 503 to the next, which gets the rewritten number and From', async () => {
    const [portA, portB] = [await freeUdpPort(), await freeUdpPort()];
    await carrierGateway('carrier-a', portA);
    await carrierGateway('carrier-b', portB);
    await rule('^80(\\d+)$', [
      { set: ['effective_caller_id_number=+4930999', 'effective_caller_id_name=Sales "Berlin"'] },
      {
        bridge: {
          strategy: 'failover',
          endpoints: [
            { type: 'sipGateway', name: 'carrier-a', dialString: '+49$1' },
            { type: 'sipGateway', name: 'carrier-b', dialString: '0049$1' },
          ],
        },
      },
    ]);
    await createDevice(s, '3001', 'pw-3001');
    expect(await routeAnswer('3001', '80301234')).toEqual({
      action: 'route',
      mode: 'failover',
      targets: [
        { kind: 'gateway', uri: `sip:+49301234@127.0.0.1:${portA}` },
        { kind: 'gateway', uri: `sip:0049301234@127.0.0.1:${portB}` },
      ],
      realm: s.domain,
      callerNumber: '+4930999',
      callerName: 'Sales "Berlin"',
      from: { display: '"Sales \\"Berlin\\""', uri: `sip:+4930999@${s.domain}` },
    });
    const a = await refusing(portA, 503, 'Service Unavailable');
    const b = await sippServer('carrier.xml', portB);
    try {
      const run = await dial('3001', '80301234');
      expect(run.code, run.output).toBe(0);
      expect(finalCode(run.messages)).toBe(200);
      expect(await a.exited, a.output().slice(-800)).toBe(0);
      expect(await b.exited, b.output().slice(-800)).toBe(0);
      // Each carrier gets its own dial string; both see the caller identity the flow set.
      expect(a.messages()).toMatch(/INVITE sip:\+49301234@127\.0\.0\.1:\d+ SIP\/2\.0/);
      const invite = b.messages().slice(b.messages().indexOf('INVITE sip:'));
      expect(invite).toMatch(/^INVITE sip:0049301234@127\.0\.0\.1:\d+ SIP\/2\.0/);
      expect(invite).toMatch(/^From: "Sales \\"Berlin\\"" <sip:\+4930999@[^>]+>;tag=/m);
      // In-dialog requests keep the rewritten address towards the carrier (uac keeps the URI in the
      // Record-Route, the display name is the caller's again), and the caller sees its own From.
      const bye = b.messages().slice(b.messages().indexOf('BYE sip:'));
      expect(bye, bye).toMatch(/^From: .*<sip:\+4930999@main>;tag=/m);
      const answered = run.messages.slice(run.messages.indexOf('SIP/2.0 200'));
      expect(answered).toMatch(/^From: "Caller 3001" <sip:3001@/m);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('ends a failover call with the answer of the target that stops it, after a ring timeout', async () => {
    const [ringPort, busyPort, lastPort] = [await freeUdpPort(), await freeUdpPort(), await freeUdpPort()];
    await carrierGateway('ringing', ringPort);
    await carrierGateway('busy', busyPort);
    await carrierGateway('never', lastPort);
    await createDevice(s, 'desk-off', 'pw-desk-off');
    await rule('^81(\\d+)$', [
      {
        bridge: {
          strategy: 'failover',
          parameters: ['leg_timeout=30'],
          endpoints: [
            // Not registered here: passed over at once.
            { type: 'device', account: 'desk-off' },
            { type: 'sipGateway', name: 'ringing', parameters: ['leg_timeout=2'] },
            { type: 'sipGateway', name: 'busy' },
            { type: 'sipGateway', name: 'never' },
          ],
        },
      },
    ]);
    await createDevice(s, '3002', 'pw-3002');
    // Every target, with its ring timeout; the caller identity unchanged, so no From to write.
    expect(await routeAnswer('3002', '81555')).toMatchObject({
      mode: 'failover',
      targets: [
        { kind: 'device', uri: `sip:desk-off@${s.domain}`, account: 'desk-off', timeout: 30 },
        { kind: 'gateway', timeout: 2 },
        { kind: 'gateway', timeout: 30 },
        { kind: 'gateway', timeout: 30 },
      ],
      callerNumber: '3002',
      callerName: 'Caller 3002',
    });
    expect((await routeAnswer('3002', '81555')).from).toBeUndefined();
    const ringing = await sippServer('ring-no-answer.xml', ringPort);
    const busy = await refusing(busyPort, 486, 'Busy Here');
    const never = await sippServer('carrier.xml', lastPort);
    try {
      const started = Date.now();
      const run = await dial('3002', '81555');
      const took = Date.now() - started;
      expect(run.code, run.output).toBe(0);
      // Busy is an answer about the callee: no carrier after it is tried, the caller hears 486.
      expect(finalCode(run.messages)).toBe(486);
      expect(await ringing.exited, ringing.output().slice(-800)).toBe(0);
      expect(ringing.messages()).toMatch(/CANCEL sip:81555@/);
      expect(await busy.exited, busy.output().slice(-800)).toBe(0);
      // The ringing carrier was given up after its own 2 s, not the bridge's 30 s.
      expect(took).toBeGreaterThanOrEqual(2000);
      expect(took).toBeLessThan(10_000);
    } finally {
      await ringing.stop();
      await busy.stop();
      await never.stop();
    }
    expect(never.messages()).not.toMatch(/INVITE/);
  });

  it('answers the last target’s failure when every carrier fails (a 503 as 500)', async () => {
    const [portA, portB] = [await freeUdpPort(), await freeUdpPort()];
    await carrierGateway('down-a', portA);
    await carrierGateway('down-b', portB);
    await rule('^82(\\d+)$', [
      {
        bridge: {
          strategy: 'failover',
          endpoints: [
            { type: 'sipGateway', name: 'down-a' },
            { type: 'sipGateway', name: 'down-b' },
          ],
        },
      },
    ]);
    await createDevice(s, '3003', 'pw-3003');
    const call = async (first: [number, string], last: [number, string]) => {
      const a = await refusing(portA, ...first);
      const b = await refusing(portB, ...last);
      try {
        const run = await dial('3003', '82555');
        expect(run.code, run.output).toBe(0);
        expect(await a.exited, a.output().slice(-800)).toBe(0);
        expect(await b.exited, b.output().slice(-800)).toBe(0);
        return /^SIP\/2\.0 ([5-6]\d\d .*)$/m.exec(run.messages.slice(run.messages.lastIndexOf('INVITE sip:')))?.[1];
      } finally {
        await a.stop();
        await b.stop();
      }
    };
    expect(await call([503, 'Service Unavailable'], [502, 'Bad Gateway'])).toBe('502 Bad Gateway');
    // A proxy does not pass a 503 on (RFC 3261 16.7): the caller would take this server for down.
    expect(await call([502, 'Bad Gateway'], [503, 'Service Unavailable'])).toBe('500 Service Unavailable');
  });

  it('rings two devices at once on a multiple bridge: one answers, the other is cancelled', async () => {
    const answering = await createDevice(s, 'ring-a', 'pw-ring-a');
    const cancelled = await createDevice(s, 'ring-b', 'pw-ring-b');
    const caller = await createDevice(s, '3004', 'pw-3004');
    const [portA, portB] = [await freeUdpPort(), await freeUdpPort()];
    expect((await register('ring-a', portA)).code).toBe(0);
    expect((await register('ring-b', portB)).code).toBe(0);
    await until(
      async () => (await stateOf(s, answering.id)) === 1 && (await stateOf(s, cancelled.id)) === 1,
      'both registered',
    );
    await rule('^83$', [
      {
        bridge: {
          strategy: 'multiple',
          endpoints: [
            { type: 'device', account: 'ring-a' },
            { type: 'device', account: 'ring-b' },
          ],
        },
      },
    ]);
    const events = await openEvents(s.url, s.adminToken, 'devices');
    const a = await sippServer('carrier.xml', portA);
    const b = await sippServer('ring-no-answer.xml', portB);
    try {
      const run = await dial('3004', '83');
      expect(run.code, run.output).toBe(0);
      expect(finalCode(run.messages)).toBe(200);
      expect(await a.exited, a.output().slice(-800)).toBe(0);
      expect(await b.exited, b.output().slice(-800)).toBe(0);
      expect(a.messages()).toMatch(/INVITE sip:ring-a@127\.0\.0\.1:\d+/);
      expect(b.messages()).toMatch(/INVITE sip:ring-b@127\.0\.0\.1:\d+/);
      expect(b.messages()).toMatch(/CANCEL sip:ring-b@/);
    } finally {
      await a.stop();
      await b.stop();
    }
    const states = (id: number) =>
      events.events.filter((e) => (e.data as { id: number }).id === id).map((e) => (e.data as { state: number }).state);
    await until(
      async () =>
        states(answering.id).at(-1) === 1 && states(cancelled.id).at(-1) === 1 && states(caller.id).length > 0,
      'both callees back to registered',
    );
    events.close();
    // DEVICE_STATES: 1 reged, 2 ringing, 4 dialog. Both rang; the cancelled one went back.
    expect(states(answering.id)).toEqual([2, 4, 1]);
    expect(states(cancelled.id)).toEqual([2, 1]);
  });
});
