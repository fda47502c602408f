import { beforeAll, describe, expect, it } from 'vitest';
import { drivers, useTestServer } from '../harness.js';
import { openEvents } from '../sse.js';
import { useDeviceSteps } from './device-steps.js';
import { FIXTURES } from './fixtures.js';
import { makeActor, setRbac, unique } from './helpers.js';

/**
 * POST /api/telephony/events for devices: registration and call states, hotdesk log-ins, what a
 * phone system is answered and what the console is told live.
 */
describe.each(drivers())('device telephony events on %s', (driver) => {
  const s = useTestServer(driver);
  const { newDevice, hotdesk, post } = useDeviceSteps(s);
  let token: string;
  beforeAll(() => {
    token = s.adminToken;
  });

  it('moves a device through registration and call states and answers /registered', async () => {
    const d = await newDevice();
    const reg = await s.request('GET', `/api/devices/${d.id}/registered`, { token });
    expect(reg.body).toEqual({
      id: d.id,
      account: d.account,
      registered: false,
      state: 0,
      status: 'nonreg',
      stateChangedAt: null,
    });
    const steps: [Record<string, unknown>, number, string][] = [
      [{ type: 'device.registered' }, 1, 'reged'],
      [{ type: 'device.call', state: 'ringing' }, 2, 'ringing'],
      [{ type: 'device.call', state: 'dialog' }, 4, 'dialog'],
      [{ type: 'device.call', state: 'onhold' }, 5, 'onhold'],
      // A REGISTER refresh during the call keeps the call state.
      [{ type: 'device.registered' }, 5, 'onhold'],
      [{ type: 'device.call', state: 'reged' }, 1, 'reged'],
      [{ type: 'device.call', state: 'dialing' }, 3, 'dialing'],
      [{ type: 'device.unregistered' }, 0, 'nonreg'],
    ];
    for (const [event, state, status] of steps) {
      const res = await post({ ...event, account: d.account.toUpperCase() });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ type: event.type, device: { id: d.id, account: d.account }, state, status });
      expect((await s.request('GET', `/api/devices/${d.id}`, { token })).body.state).toBe(state);
    }
    const after = await s.request('GET', `/api/devices/${d.id}/registered`, { token });
    expect(after.body).toMatchObject({ registered: false, status: 'nonreg' });
    expect(Date.parse(after.body.stateChangedAt)).not.toBeNaN();
    const bad = await post({ type: 'device.call', account: d.account, state: 'flying' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('state');
  });

  it('answers 404 naming the event for an unknown account, and leaves another domain’s device alone', async () => {
    const missing = await post({ type: 'device.registered', account: 'no-such-account' });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain('device.registered');
    expect(missing.body).toMatchObject({ key: 'errors.deviceNotFound', params: { account: 'no-such-account' } });
    expect(missing.body.fields).toEqual([
      {
        field: 'account',
        message: expect.stringContaining('no-such-account'),
        key: 'errors.deviceNotFound',
        params: { account: 'no-such-account' },
      },
    ]);

    const other = await s.createDomain(unique('far'));
    const account = unique('shared');
    const theirs = await s.request('POST', '/api/devices', {
      token: other.adminToken,
      body: { ...FIXTURES.devices.create('t'), account },
    });
    const ours = await newDevice({ account });
    expect((await post({ type: 'device.registered', account })).body.device.id).toBe(ours.id);
    const untouched = await s.request('GET', `/api/devices/${theirs.body.id}`, { token: other.adminToken });
    expect(untouched.body.state).toBe(0);
    const batch = await post([
      { type: 'device.unregistered', account },
      { type: 'device.registered', account: 'nobody-here' },
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body.items.map((i: { code: number }) => i.code)).toEqual([200, 404]);
  });

  it('answers a telephony-only caller no user names or ids it did not send', async () => {
    const pbx = await makeActor(s, token, { permissions: ['telephonyEvents'] });
    const desk = (
      await s.request('POST', '/api/devices', { token, body: { ...FIXTURES.devices.create('tdesk'), hotdesk: true } })
    ).body;
    const user = (
      await s.request('POST', '/api/users', {
        token,
        body: { ...FIXTURES.users.create('tuser'), name: 'Tess Teller' },
      })
    ).body;
    const send = (body: Record<string, unknown>) =>
      s.request('POST', '/api/telephony/events', { token: pbx.token, body });
    const byId = await send({ type: 'device.hotdesk.login', account: desk.account, userId: user.id });
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body.user).toEqual({ id: user.id });
    expect(JSON.stringify(byId.body)).not.toContain('Tess');
    const byName = await send({ type: 'device.hotdesk.logout', account: desk.account, username: user.username });
    expect(byName.body.user).toEqual({ username: user.username });
  });

  it('logs users in and out of a hotdesk device and lists the history with paging, search and time filters', async () => {
    const desk = await hotdesk();
    const plain = await newDevice();
    const ann = await s.request('POST', '/api/users', {
      token,
      body: { ...FIXTURES.users.create('ann'), name: 'Ann Able' },
    });
    const bob = await s.request('POST', '/api/users', {
      token,
      body: { ...FIXTURES.users.create('bob'), name: 'Bob Baker' },
    });
    const t0 = Date.UTC(2026, 0, 10, 9, 0, 0);
    const hour = 3_600_000;
    const login = (user: { body: { id: number } }, time: number) =>
      post({ type: 'device.hotdesk.login', account: desk.account, userId: user.body.id, time });

    expect((await login(ann, t0)).status).toBe(200);
    expect((await s.request('GET', `/api/devices/${desk.id}`, { token })).body.user).toEqual({
      id: ann.body.id,
      name: 'Ann Able',
    });
    // Bob logs in: Ann is logged out at that moment.
    expect((await login(bob, t0 + hour)).status).toBe(200);
    const out = await post({
      type: 'device.hotdesk.logout',
      account: desk.account,
      username: bob.body.username,
      time: t0 + 2 * hour,
    });
    expect(out.body).toMatchObject({ closed: 1 });
    expect((await s.request('GET', `/api/devices/${desk.id}`, { token })).body.user).toBeNull();
    expect((await login(ann, t0 + 5 * hour)).status).toBe(200);

    const history = (query: Record<string, unknown> = {}) =>
      s.request('GET', `/api/devices/${desk.id}/users/audit`, { token, query });
    const all = await history();
    expect(all.status).toBe(200);
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(all.body).toEqual({
      items: [
        {
          id: expect.any(Number),
          user: { id: ann.body.id, name: 'Ann Able' },
          loggedInAt: iso(t0 + 5 * hour),
          loggedOutAt: null,
        },
        {
          id: expect.any(Number),
          user: { id: bob.body.id, name: 'Bob Baker' },
          loggedInAt: iso(t0 + hour),
          loggedOutAt: iso(t0 + 2 * hour),
        },
        {
          id: expect.any(Number),
          user: { id: ann.body.id, name: 'Ann Able' },
          loggedInAt: iso(t0),
          loggedOutAt: iso(t0 + hour),
        },
      ],
      next: false,
    });
    const page1 = await history({ size: 2 });
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.next).toBe(true);
    const page2 = await history({ size: 2, page: 2 });
    expect(page2.body).toEqual({ items: [all.body.items[2]], next: false });
    const windowed = await history({ timeFrom: t0 + 30 * 60_000, timeTo: t0 + 3 * hour });
    expect(windowed.body.items.map((i: { user: { name: string } }) => i.user.name)).toEqual(['Bob Baker']);
    expect((await history({ timeFrom: t0 + 6 * hour })).body.items).toEqual([]);
    const searched = await history({ q: 'ann*' });
    expect(searched.body.items).toHaveLength(2);
    expect((await history({ timeFrom: 'yesterday' })).status).toBe(400);
    expect((await s.request('GET', '/api/devices/999999/users/audit', { token })).status).toBe(404);

    const notHotdesk = await post({ type: 'device.hotdesk.login', account: plain.account, userId: ann.body.id });
    expect(notHotdesk.status).toBe(400);
    const noUser = await post({ type: 'device.hotdesk.login', account: desk.account, username: 'nobody-at-all' });
    expect(noUser.status).toBe(404);
    expect(noUser.body.fields[0].field).toBe('username');
  });

  it('pushes the change to a subscribed stream, under rbac only to readers of that device', async () => {
    const hidden = await newDevice();
    const shared = await newDevice();
    const reader = await makeActor(s, token, { grants: { devices: 'r' } });
    await setRbac(s, token, 'devices', true);
    await s.request('PATCH', `/api/devices/${shared.id}/acl`, {
      token,
      body: [{ grantee: { id: reader.roleId }, grants: 'r' }],
    });
    const admin = await openEvents(s.url, token, 'devices');
    const limited = await openEvents(s.url, reader.token, 'devices');
    try {
      expect((await post({ type: 'device.registered', account: hidden.account })).status).toBe(200);
      expect((await post({ type: 'device.call', account: shared.account, state: 'ringing' })).status).toBe(200);
      const got = await admin.next((e) => (e.data as { id: number }).id === hidden.id);
      expect(got).toEqual({ event: 'devices', data: { id: hidden.id, account: hidden.account, state: 1 } });
      await admin.next((e) => (e.data as { id: number }).id === shared.id);
      const seen = await limited.next((e) => (e.data as { id: number }).id === shared.id);
      expect(seen.data).toMatchObject({ state: 2 });
      // A stream writes events in their order: the earlier one was checked, and withheld.
      expect(limited.events.some((e) => (e.data as { id: number }).id === hidden.id)).toBe(false);
    } finally {
      admin.close();
      limited.close();
    }
  });
});
