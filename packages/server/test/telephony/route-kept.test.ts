import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decideRoute, type RouteDecision } from '../../src/telephony/route.js';
import { drivers, useTestServer } from '../harness.js';
import { unique } from '../resources/helpers.js';

/**
 * Call routing answers from what the node keeps of a domain's directory (devices, users, gateways:
 * resources/directory/sip-directory.ts): a decision after the first costs no database query, and
 * every change that decides where a call goes is seen at the very next call.
 */
describe.each(drivers())('call routing from the kept directory on %s', (driver) => {
  const s = useTestServer(driver);
  let caller: { id: number; account: string };

  async function post(path: string, body: unknown) {
    const res = await s.request('POST', path, { token: s.adminToken, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  }
  async function patch(path: string, body: unknown) {
    const res = await s.request('PATCH', path, { token: s.adminToken, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  }
  const device = (extra: Record<string, unknown> = {}) =>
    post('/api/devices', { name: unique('kdev '), account: unique('kacc'), password: 'secret-123', ...extra });
  const call = (destination: string): Promise<RouteDecision> =>
    decideRoute(s.ctx, {
      domainId: s.domainId,
      from: { kind: 'device', deviceId: caller.id },
      callerNumber: caller.account,
      destination,
      callId: unique('kcall-'),
    });
  const targets = (d: RouteDecision) => (d.action === 'route' ? d.targets : d);

  // Counts the queries the decisions ask while `counting`.
  const db = () => s.ctx.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
  let restore: (() => void) | null = null;
  function countQueries() {
    const target = db();
    const execute = target.execute;
    const counter = { queries: 0 };
    target.execute = (...args: unknown[]) => {
      counter.queries++;
      return execute.apply(target, args);
    };
    restore = () => {
      target.execute = execute;
    };
    return counter;
  }
  afterEach(() => {
    restore?.();
    restore = null;
  });

  beforeAll(async () => {
    caller = await device();
  });

  it('answers a device, an extension and a dialplan bridge without a query once read', async () => {
    const callee = await device();
    const phone = await device();
    const extension = String(8100 + Math.floor(Math.random() * 800));
    await post('/api/users', { username: unique('ku'), password: 'Password-123', extension, device: { id: phone.id } });
    const gw = await post('/api/sip/gateways', {
      name: unique('kgw'),
      register: false,
      host: '127.0.0.1',
      proxy: '127.0.0.1',
    });
    const flow = await post('/api/routing/schema', {
      name: unique('kflow '),
      schema: [{ bridge: { endpoints: [{ type: 'sipGateway', id: gw.id, dialString: '$1' }] } }],
    });
    await post('/api/routing/outbound/calls', {
      name: unique('krule '),
      pattern: '^77(\\d+)$',
      schema: { id: flow.id },
    });
    // The first decisions read the directory and the dialplan.
    await call(callee.account);
    await call('77123');
    const counter = countQueries();
    expect(targets(await call(callee.account.toUpperCase()))).toEqual([
      { type: 'device', deviceId: callee.id, account: callee.account },
    ]);
    expect(targets(await call(extension))).toEqual([{ type: 'device', deviceId: phone.id, account: phone.account }]);
    expect(targets(await call('77123'))).toMatchObject([
      { type: 'gateway', gatewayId: gw.id, uri: 'sip:123@127.0.0.1' },
    ]);
    expect(await call('nobody-by-that-name')).toMatchObject({ action: 'reject', code: 404 });
    expect(counter.queries).toBe(0);
  });

  it('sees do-not-disturb, a device assigned, a hotdesk sign-in and a disabled gateway at the next call', async () => {
    const extension = String(9100 + Math.floor(Math.random() * 800));
    const user = await post('/api/users', { username: unique('kv'), password: 'Password-123', extension });
    expect(await call(extension)).toMatchObject({ action: 'reject', code: 480, reason: 'User has no device' });

    // A device assigned to the user rings for it.
    const own = await device();
    await patch(`/api/devices/${own.id}`, { user: { id: user.id } });
    expect(targets(await call(extension))).toEqual([{ type: 'device', deviceId: own.id, account: own.account }]);

    // Do not disturb, set by the presence route, then cleared.
    await patch(`/api/users/${user.id}/presence`, { status: 'dnd' });
    expect(await call(extension)).toMatchObject({ action: 'reject', code: 486 });
    await patch(`/api/users/${user.id}/presence`, { status: '' });
    expect(targets(await call(extension))).toHaveLength(1);

    // A hotdesk sign-in (a telephony event) makes the desk ring for the user too.
    const desk = await device({ hotdesk: true });
    expect(targets(await call(extension))).toHaveLength(1);
    const signIn = await s.request('POST', '/api/telephony/events', {
      token: s.adminToken,
      body: { type: 'device.hotdesk.login', account: desk.account, userId: user.id },
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(targets(await call(extension))).toEqual([
      { type: 'device', deviceId: own.id, account: own.account },
      { type: 'device', deviceId: desk.id, account: desk.account },
    ]);

    // A gateway disabled is skipped at the next call.
    const gw = await post('/api/sip/gateways', {
      name: unique('kgw'),
      register: false,
      host: '127.0.0.2',
      proxy: '127.0.0.2',
    });
    const flow = await post('/api/routing/schema', {
      name: unique('kflow '),
      schema: [{ bridge: { endpoints: [{ type: 'sipGateway', id: gw.id, dialString: '$1' }] } }],
    });
    await post('/api/routing/outbound/calls', {
      name: unique('krule '),
      pattern: '^66(\\d+)$',
      schema: { id: flow.id },
    });
    expect(targets(await call('66123'))).toMatchObject([{ type: 'gateway', gatewayId: gw.id }]);
    await patch(`/api/sip/gateways/${gw.id}`, { enable: false });
    expect(await call('66123')).toMatchObject({ action: 'reject' });
  });
});
