import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { makeActor, setRbac, unique } from '../resources/helpers.js';
import { openEvents } from '../sse.js';

const SECRET = 'registrations-test-secret';

type Entry = { event: string; contact: string; ip: string; port: number | null; userAgent: string };

/**
 * GET /api/devices/{id}/registrations, the history the console's Registrations tab shows: fed here
 * through the SIP server's events route (as Kamailio posts them), read by whoever may read the
 * device and by nobody else, newest first.
 */
describe.each(drivers())('device registrations on %s', (driver) => {
  const s = useTestServer(driver, { config: { telephonySecret: SECRET } });
  let device: { id: number; account: string };
  const history = (id: number, token: string) => s.request('GET', `/api/devices/${id}/registrations`, { token });
  const sipEvents = (events: unknown[]) =>
    s.request('POST', '/api/telephony/sip/events', { body: events, headers: { 'x-telephony-secret': SECRET } });

  beforeAll(async () => {
    const account = unique('reg');
    const res = await s.request('POST', '/api/devices', {
      token: s.adminToken,
      body: { name: account, account, password: 'pw-registrations-1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    device = res.body;
    const phone = { realm: s.domain, account, ip: '127.0.0.5', transport: 'udp', userAgent: 'Desk phone 1.0' };
    const posted = await sipEvents([
      { type: 'registered', ...phone, contact: `sip:${account}@127.0.0.5:5070`, port: 5070, expires: 60 },
      // Another phone of the same account, then Expires: 0.
      { type: 'registered', ...phone, contact: `sip:${account}@127.0.0.5:5072`, port: 5072, expires: 60 },
      { type: 'unregistered', ...phone, contact: `sip:${account}@127.0.0.5:5072`, port: 5072, expires: 0 },
    ]);
    expect(posted.body.codes).toEqual([200, 200, 200]);
  });

  it('answers the device’s entries, newest first, to its administrator', async () => {
    const res = await history(device.id, s.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: Entry) => [e.event, e.port])).toEqual([
      ['unregistered', 5072],
      ['registered', 5072],
      ['registered', 5070],
    ]);
    expect(res.body.items[2]).toMatchObject({
      contact: `sip:${device.account}@127.0.0.5:5070`,
      ip: '127.0.0.5',
      transport: 'udp',
      userAgent: 'Desk phone 1.0',
      expires: 60,
    });
    expect(Date.parse(res.body.items[0].at)).toBeGreaterThanOrEqual(Date.parse(res.body.items[2].at));
  });

  it('tells the console of a new contact while registered, and not of a refresh', async () => {
    const account = unique('move');
    const made = await s.request('POST', '/api/devices', {
      token: s.adminToken,
      body: { name: account, account, password: 'pw-registrations-2' },
    });
    const id = made.body.id as number;
    const phone = (port: number) => ({
      type: 'registered',
      realm: s.domain,
      account,
      ip: '127.0.0.6',
      port,
      transport: 'udp',
      contact: `sip:${account}@127.0.0.6:${port}`,
      expires: 60,
    });
    const events = await openEvents(s.url, s.adminToken, 'devices');
    try {
      const mine = (e: { data: unknown }) => (e.data as { id: number }).id === id;
      // The first registration's own event is awaited, so that a late one (its notice crosses the
      // database) is never taken for the events under test, which are those after it.
      expect((await sipEvents([phone(5080)])).body.codes).toEqual([200]);
      await events.next(mine);
      const from = events.events.length;
      const after = () => events.events.slice(from).filter(mine);
      // A refresh from the same contact: no entry, no event. Then the phone moves: both.
      expect((await sipEvents([phone(5080), phone(5082)])).body.codes).toEqual([200, 200]);
      const live = await events.next((e) => mine(e) && events.events.indexOf(e) >= from);
      expect(live.data).toEqual({ id, account, state: 1 });
      const entries = (await history(id, s.adminToken)).body.items as Entry[];
      expect(entries.map((e) => e.port)).toEqual([5082, 5080]);
      // A marker event after both: had the refresh published, it would have come before it.
      expect((await sipEvents([{ ...phone(5082), type: 'unregistered', expires: 0 }])).body.codes).toEqual([200]);
      await events.next((e) => mine(e) && (e.data as { state: number }).state === 0);
      expect(after().map((e) => (e.data as { state: number }).state)).toEqual([1, 0]);
    } finally {
      events.close();
    }
  });

  it("applies a batch of several phones' events, each phone's in order, with a code per event", async () => {
    const phones = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const account = unique(`lane${n}`);
        const made = await s.request('POST', '/api/devices', {
          token: s.adminToken,
          body: { name: account, account, password: `pw-lanes-${n}` },
        });
        return { id: made.body.id as number, account };
      }),
    );
    const event = (account: string, type: string, port: number) => ({
      type,
      realm: s.domain,
      account,
      ip: '127.0.0.7',
      port,
      transport: 'udp',
      contact: `sip:${account}@127.0.0.7:${port}`,
      expires: type === 'registered' ? 60 : 0,
    });
    const [a, b, c] = phones.map((p) => p.account);
    const posted = await sipEvents([
      event(a, 'registered', 5090),
      event(b, 'registered', 5091),
      { type: 'registered', realm: s.domain },
      event(a, 'unregistered', 5090),
      event(c, 'registered', 5093),
      event(b, 'registered', 5092),
      event(a, 'registered', 5094),
      event('nobody-here', 'registered', 5095),
    ]);
    expect(posted.body.codes).toEqual([200, 200, 400, 200, 200, 200, 200, 404]);
    const ports = async (id: number) =>
      ((await history(id, s.adminToken)).body.items as Entry[]).map((e) => [e.event, e.port]);
    expect(await ports(phones[0].id)).toEqual([
      ['registered', 5094],
      ['unregistered', 5090],
      ['registered', 5090],
    ]);
    expect(await ports(phones[1].id)).toEqual([
      ['registered', 5092],
      ['registered', 5091],
    ]);
    const states = await Promise.all(
      phones.map(async (p) => (await s.request('GET', `/api/devices/${p.id}`, { token: s.adminToken })).body.state),
    );
    expect(states).toEqual([1, 1, 1]);
  });

  it('refuses a user without the devices read right (403) and answers 404 for an unknown device', async () => {
    const nobody = await makeActor(s, s.adminToken, { grants: { users: 'r' } });
    const refused = await history(device.id, nobody.token);
    expect(refused.status).toBe(403);
    expect(refused.body.id).toBe('app.auth.forbidden');
    expect(refused.body.items).toBeUndefined();
    expect((await history(999_999_999, s.adminToken)).status).toBe(404);
  });

  it('shows a user of another domain nothing of this domain’s device', async () => {
    const other = await s.createDomain(unique('regother'));
    const res = await history(device.id, other.adminToken);
    expect(res.status).toBe(404);
    expect(res.body.items).toBeUndefined();
  });

  it('under record rights, answers only readers of that device', async () => {
    // Record rights start on for devices; said here so the test does not lean on that default.
    await setRbac(s, s.adminToken, 'devices', true);
    const reader = await makeActor(s, s.adminToken, { grants: { devices: 'r' } });
    const hidden = await history(device.id, reader.token);
    expect(hidden.status).toBe(403);
    expect(hidden.body.id).toBe('app.auth.forbidden');
    expect(hidden.body.items).toBeUndefined();
    const granted = await s.request('PATCH', `/api/devices/${device.id}/acl`, {
      token: s.adminToken,
      body: [{ grantee: { id: reader.roleId }, grants: 'r' }],
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const seen = await history(device.id, reader.token);
    expect(seen.status).toBe(200);
    expect(seen.body.items).toHaveLength(3);
  });
});
