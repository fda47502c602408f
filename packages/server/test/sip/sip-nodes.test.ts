import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from '../sse.js';
import { createDevice, finalCode, type SipTestServer, startSipServer, stateOf, until } from './helpers.js';
import { auth, freeUdpPort, sipp, sippServer } from './sipp.js';

/**
 * Two API nodes on one PostgreSQL database, each with its own Kamailio (usrloc is per instance):
 * registrations are seen on both, credentials changed on one node hold on the other's SIP server,
 * and a call placed on one node reaches a device registered through the other. PGlite is a
 * single process, so this runs on PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two API nodes, each with its own SIP server, on one PostgreSQL (skipped without TEST_DATABASE_URL)',
  () => {
    let a: SipTestServer;
    let b: SipTestServer;
    beforeAll(async () => {
      a = await startSipServer('postgres');
      b = await startSipServer('postgres', { databaseUrl: a.databaseUrl ?? '' });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    const register = (s: SipTestServer, account: string, password: string, port?: number) =>
      sipp('register.xml', s.target, { rows: [[account, s.domain, auth(account, password), '60']], port });
    let source = 40;
    /** A REGISTER that must be refused, from an address of its own (failures count per address). */
    const refused = (s: SipTestServer, account: string, password: string) =>
      sipp('register-refused.xml', s.target, {
        rows: [[account, s.domain, auth(account, password), '60']],
        ip: `127.0.0.${source++}`,
      });

    it('shows on node B, live and through its API, a device registered through Kamailio A', async () => {
      const device = await createDevice(a, 'node-101', 'pw-node-101');
      const events = await openEvents(b.url, b.adminToken, 'devices');
      try {
        expect((await register(a, 'node-101', 'pw-node-101')).code).toBe(0);
        const live = await events.next((e) => (e.data as { id: number; state?: number }).id === device.id);
        expect(live.data).toMatchObject({ id: device.id, state: 1 });
      } finally {
        events.close();
      }
      expect(await stateOf(b, device.id)).toBe(1);
      const history = await b.request('GET', `/api/devices/${device.id}/registrations`, { token: b.adminToken });
      expect(history.body.items[0]).toMatchObject({ event: 'registered', ip: '127.0.0.1' });
    });

    it('stops a device registering through Kamailio A within 5 s of a change made through node B', async () => {
      const device = await createDevice(b, 'node-102', 'old-pass-102');
      expect((await register(a, 'node-102', 'old-pass-102')).code).toBe(0);
      const patch = await b.request('PATCH', `/api/devices/${device.id}`, {
        token: b.adminToken,
        body: { password: 'new-pass-102' },
      });
      expect(patch.status).toBe(200);
      await until(async () => (await refused(a, 'node-102', 'old-pass-102')).code === 0, 'old password refused');
      expect((await register(a, 'node-102', 'new-pass-102')).code).toBe(0);

      const user = await b.request('POST', '/api/users', {
        token: b.adminToken,
        body: { username: 'owner-103', name: 'Owner', password: 'Owner-pass-103!' },
      });
      expect(user.status).toBe(201);
      await createDevice(b, 'node-103', 'pw-node-103', { user: { id: user.body.id } });
      expect((await register(a, 'node-103', 'pw-node-103')).code).toBe(0);
      const disabled = await b.request('PATCH', `/api/users/${user.body.id}`, {
        token: b.adminToken,
        body: { state: false },
      });
      expect(disabled.status).toBe(200);
      await until(async () => (await refused(a, 'node-103', 'pw-node-103')).code === 0, 'disabled refused');
    });

    it('rings a device registered through Kamailio B when a device registered through Kamailio A calls it', async () => {
      const caller = await createDevice(a, 'node-201', 'pw-node-201');
      const callee = await createDevice(a, 'node-202', 'pw-node-202');
      const calleePort = await freeUdpPort();
      expect((await register(a, 'node-201', 'pw-node-201')).code).toBe(0);
      expect((await register(b, 'node-202', 'pw-node-202', calleePort)).code).toBe(0);
      // Node A hands the call to B's SIP server once each knows the other (heartbeats, reloads).
      const routeOnA = () =>
        a.request('POST', '/api/telephony/sip/route', {
          headers: { 'x-telephony-secret': a.ctx.config.telephonySecret ?? '' },
          body: { realm: a.domain, caller: 'node-201', destination: 'node-202', callId: 'nodes' },
        });
      await until(
        async () => JSON.stringify((await routeOnA()).body).includes(`sip:127.0.0.1:${b.sipPort}`),
        'node A routing to node B',
      );
      expect((await routeOnA()).body.targets).toEqual([
        { kind: 'device', uri: `sip:node-202@${a.domain}`, account: 'node-202' },
        { kind: 'peer', uri: `sip:node-202@${a.domain}`, account: 'node-202', via: `sip:127.0.0.1:${b.sipPort}` },
      ]);
      await until(
        async () => JSON.stringify(await b.sip?.rpc('permissions.addressDump')).includes(String(a.sipPort)),
        'node B admitting node A',
      );

      const events = await openEvents(a.url, a.adminToken, 'devices');
      const phone = await sippServer('call-callee.xml', calleePort);
      try {
        const run = await sipp('call-caller.xml', a.target, {
          rows: [['node-201', a.domain, auth('node-201', 'pw-node-201'), 'node-202']],
          trace: true,
        });
        expect(run.code, run.output).toBe(0);
        expect(finalCode(run.messages)).toBe(200);
        expect(await phone.exited, phone.output().slice(-800)).toBe(0);
        expect(phone.messages()).toMatch(new RegExp(`INVITE sip:node-202@127\\.0\\.0\\.1:${calleePort}`));
      } finally {
        await phone.stop();
      }
      // Each node's SIP server reports its own device: A the caller, B the callee, live on node A.
      const states = (id: number) =>
        events.events
          .filter((e) => (e.data as { id: number }).id === id)
          .map((e) => (e.data as { state: number }).state);
      await until(
        async () => states(callee.id).at(-1) === 1 && states(caller.id).at(-1) === 1,
        'both back to registered',
      );
      events.close();
      // DEVICE_STATES: 1 reged, 2 ringing, 3 dialing, 4 dialog, 5 onhold.
      expect(states(caller.id)).toEqual([3, 4, 5, 4, 1]);
      expect(states(callee.id)).toEqual([2, 4, 5, 4, 1]);
    });
  },
);
