import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decideRoute, type RouteDecision, type RouteInput, type RouteLog } from '../../src/telephony/route.js';
import { drivers, useTestServer } from '../harness.js';
import { unique } from '../resources/helpers.js';
import { type FlowRunnerStandin, startFlowRunnerStandin } from '../support/flow-runner-standin.mjs';

describe.each(drivers())('call routing decisions on %s', (driver) => {
  const s = useTestServer(driver);
  let token: string;
  let caller: { id: number; account: string };
  let runner: FlowRunnerStandin;
  beforeAll(async () => {
    token = s.adminToken;
    caller = await device();
    runner = await startFlowRunnerStandin();
  });
  afterAll(() => runner?.close());

  // Each test dials numbers under a prefix of its own, so the rules of other tests never match.
  let prefixes = 700;
  const prefix = () => String(++prefixes);

  async function post(path: string, body: unknown, as = token) {
    const res = await s.request('POST', path, { token: as, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  }
  async function device(extra: Record<string, unknown> = {}, as = token) {
    const account = unique('acc');
    return (await post('/api/devices', { name: unique('dev '), account, password: 'secret-123', ...extra }, as)) as {
      id: number;
      account: string;
      name: string;
    };
  }
  const trunk = (extra: Record<string, unknown> = {}, as = token) =>
    post(
      '/api/sip/gateways',
      { name: unique('trunk'), register: false, host: '127.0.0.1', proxy: '127.0.0.1', ...extra },
      as,
    );
  /** A flow and a dialplan rule at the end of the list. */
  async function rule(pattern: string, schema: unknown, as = token) {
    const flow = await post('/api/routing/schema', { name: unique('flow '), schema }, as);
    const made = await post(
      '/api/routing/outbound/calls',
      { name: unique('rule '), pattern, schema: { id: flow.id } },
      as,
    );
    return { flow, rule: made };
  }
  const call = (destination: string, extra: Partial<RouteInput> = {}, options = {}) =>
    decideRoute(
      s.ctx,
      {
        domainId: s.domainId,
        from: { kind: 'device', deviceId: caller.id },
        callerNumber: caller.account,
        destination,
        callId: unique('call-'),
        ...extra,
      },
      { log: quiet, ...options },
    );
  /** An `if` step (built so that no literal object has a `then` key). */
  const when = (expression: string, yes: unknown[], no: unknown[] = []) => ({
    if: Object.fromEntries([
      ['expression', expression],
      ['then', yes],
      ['else', no],
    ]),
  });
  /** A variable reference `${name}`. */
  const v = (name: string) => `$\{${name}}`;
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  const quiet: RouteLog = { warn: (details, message) => lines.push({ details, message }) };

  it('routes to a device by its account in any case, and to a user extension on all its devices', async () => {
    const callee = await device();
    const byAccount = await call(callee.account.toUpperCase());
    expect(byAccount).toMatchObject({
      action: 'route',
      strategy: 'multiple',
      targets: [{ type: 'device', deviceId: callee.id, account: callee.account }],
    });

    const own = await device();
    const extra = await device();
    const extension = prefix();
    const user = await post('/api/users', {
      username: unique('u'),
      password: 'Password-123',
      extension,
      device: { id: own.id },
    });
    await s.request('PATCH', `/api/devices/${extra.id}`, { token, body: { user: { id: user.id } } });
    const byExtension = await call(extension);
    expect(byExtension).toMatchObject({ action: 'route', strategy: 'multiple' });
    expect((byExtension as { targets: unknown[] }).targets).toEqual([
      { type: 'device', deviceId: own.id, account: own.account },
      { type: 'device', deviceId: extra.id, account: extra.account },
    ]);

    // A disabled user's extension, and its devices, are refused with 480.
    await s.request('PATCH', `/api/users/${user.id}`, { token, body: { state: false } });
    expect(await call(extension)).toMatchObject({ action: 'reject', code: 480, reason: 'User disabled' });
    expect(await call(extra.account)).toMatchObject({ action: 'reject', code: 480, reason: 'Device disabled' });
  });

  it('answers 404 "No route" when no enabled rule matches', async () => {
    const p = prefix();
    const { rule: r } = await rule(`^${p}9$`, [{ hangup: 'USER_BUSY' }]);
    await s.request('PATCH', `/api/routing/outbound/calls/${r.id}`, { token, body: { disabled: true } });
    expect(await call(`${p}9`)).toEqual({ action: 'reject', code: 404, reason: 'No route' });
    expect(await call(`${p}8`)).toEqual({ action: 'reject', code: 404, reason: 'No route' });
  });

  it('bridges to a gateway with the number rewritten from the captures, first matching rule by position', async () => {
    const p = prefix();
    const gw = await trunk({ ipacl: [{ ip: '127.0.0.1', port: 5099 }] });
    const { flow, rule: r } = await rule(`^${p}0(\\d+)$`, [
      { answer: '200 OK' },
      { bridge: { endpoints: [{ type: 'sipGateway', name: gw.name, dialString: '+49&reg0.$1' }] } },
    ]);
    await rule(`^${p}`, [{ hangup: 'CALL_REJECTED' }]);
    const d = await call(`${p}0301234`);
    expect(d).toEqual({
      action: 'route',
      strategy: 'multiple',
      targets: [{ type: 'gateway', gatewayId: gw.id, name: gw.name, uri: `sip:+49301234@127.0.0.1:5099` }],
      callerNumber: caller.account,
      variables: {},
      rule: { id: r.id, name: r.name },
      flow: { id: flow.id, name: flow.name },
    });
    // The second rule takes what the first does not match.
    expect(await call(`${p}1`)).toMatchObject({ action: 'reject', code: 603, cause: 'CALL_REJECTED', step: 'hangup' });
  });

  it('sees every change of the dialplan and its flows at the next call, made here or on another node', async () => {
    const p = prefix();
    const busy = [{ hangup: 'USER_BUSY' }];
    const declined = [{ hangup: 'CALL_REJECTED' }];
    const cause = async () => ((await call(`${p}55`)) as { cause?: string }).cause;
    const a = await rule(`^${p}(\\d+)$`, busy);
    expect(await cause()).toBe('USER_BUSY');

    // The rule's flow edited.
    const edited = await s.request('PATCH', `/api/routing/schema/${a.flow.id}`, { token, body: { schema: declined } });
    expect(edited.status).toBe(200);
    expect(await cause()).toBe('CALL_REJECTED');

    // A rule added at the end changes nothing; moved before the first, it routes the call.
    const b = await rule(`^${p}55$`, busy);
    expect(await cause()).toBe('CALL_REJECTED');
    const moved = await s.request('PATCH', `/api/routing/outbound/calls/${b.rule.id}/to/${a.rule.id}`, { token });
    expect(moved.status).toBe(200);
    expect(await cause()).toBe('USER_BUSY');

    // Disabled, and its pattern changed: the other rule routes again, then none.
    await s.request('PATCH', `/api/routing/outbound/calls/${b.rule.id}`, { token, body: { disabled: true } });
    expect(await cause()).toBe('CALL_REJECTED');
    await s.request('PATCH', `/api/routing/outbound/calls/${a.rule.id}`, { token, body: { pattern: `^${p}9$` } });
    expect(await call(`${p}55`)).toEqual({ action: 'reject', code: 404, reason: 'No route' });

    // Another node's change reaches this one as a notice on the bus.
    await s.request('PATCH', `/api/routing/outbound/calls/${b.rule.id}`, { token, body: { disabled: false } });
    expect(await cause()).toBe('USER_BUSY');
    await s.ctx.db.execute(sql`update flows set schema = ${JSON.stringify(declined)}::jsonb where id = ${b.flow.id}`);
    await s.ctx.bus.notify('sip_routes_changed', 'another node');
    await vi.waitFor(async () => expect(await cause()).toBe('CALL_REJECTED'), { timeout: 5000, interval: 20 });
  });

  it("keeps the failover order, skips a disabled gateway and never picks another domain's gateway or device", async () => {
    const p = prefix();
    const first = await trunk({ host: 'sbc1.example.com' });
    const off = await trunk({ host: 'sbc2.example.com', enable: false });
    const second = await trunk({ host: 'sbc3.example.com' });
    const other = await s.createDomain(unique('dom'));
    const foreignGw = await trunk({ name: unique('far') }, other.adminToken);
    const foreignDev = await device({}, other.adminToken);
    await rule(`^${p}(\\d+)$`, [
      {
        bridge: {
          strategy: 'failover',
          endpoints: [
            { type: 'sipGateway', name: foreignGw.name, dialString: '$1' },
            { type: 'sipGateway', name: second.name, dialString: '$1' },
            { type: 'sipGateway', name: off.name, dialString: '$1' },
            { type: 'device', account: foreignDev.account },
            { type: 'sipGateway', name: first.name, dialString: '00$1' },
          ],
        },
      },
    ]);
    const d = await call(`${p}555`);
    expect(d).toMatchObject({ action: 'route', strategy: 'failover' });
    expect((d as { targets: unknown[] }).targets).toEqual([
      { type: 'gateway', gatewayId: second.id, name: second.name, uri: 'sip:555@sbc3.example.com' },
      { type: 'gateway', gatewayId: first.id, name: first.name, uri: 'sip:00555@sbc1.example.com' },
    ]);
    // The other domain's own device is not reached from this domain by its account either.
    expect(await call(foreignDev.account)).toMatchObject({ action: 'reject', code: 404 });
  });

  it('refuses a blacklisted caller with INCOMING_CALL_BARRED and lets others through', async () => {
    const p = prefix();
    const list = await post('/api/call_center/list', { name: unique('bl') });
    await post(`/api/call_center/list/${list.id}/communication`, { number: '+15550001111' });
    const target = await device();
    await rule(`^${p}$`, [
      { blackList: { name: list.name } },
      { bridge: { endpoints: [{ type: 'device', id: target.id }] } },
    ]);
    expect(await call(p, { callerNumber: '+15550001111' })).toEqual({
      action: 'reject',
      code: 403,
      reason: 'Incoming call barred',
      cause: 'INCOMING_CALL_BARRED',
      step: 'blackList',
    });
    expect(await call(p, { callerNumber: '+15550002222' })).toMatchObject({
      action: 'route',
      targets: [{ type: 'device', deviceId: target.id }],
    });
  });

  it('takes the closed branch of a calendar outside its hours, the open one inside', async () => {
    const p = prefix();
    const cal = await post('/api/calendars', {
      name: unique('cal'),
      timezone: { name: 'Europe/Berlin' },
      accepts: [{ day: 0, startTimeOfDay: 540, endTimeOfDay: 1020 }],
      excepts: [{ name: 'Holiday', date: '2026-12-28', repeat: false }],
    });
    const open = await device();
    await rule(`^${p}$`, [
      { calendar: { name: cal.name, setVar: 'open' } },
      when(
        `${v('open')} == true`,
        [{ bridge: { endpoints: [{ type: 'device', id: open.id }] } }],
        [{ hangup: 'USER_BUSY' }],
      ),
    ]);
    // Monday 2026-11-30 10:00 in Berlin is 09:00 UTC: open; 17:30 Berlin is closed.
    const monday = (utc: string) => ({ now: () => new Date(utc) });
    expect(await call(p, {}, monday('2026-11-30T09:00:00Z'))).toMatchObject({
      action: 'route',
      variables: { open: 'true' },
    });
    expect(await call(p, {}, monday('2026-11-30T16:30:00Z'))).toMatchObject({ action: 'reject', code: 486 });
    // A holiday on a Monday is closed all day.
    expect(await call(p, {}, monday('2026-12-28T09:00:00Z'))).toMatchObject({ action: 'reject', code: 486 });
  });

  it('carries out if, switch and set: variables, the caller display and the number', async () => {
    const p = prefix();
    const a = await device();
    const b = await device();
    await rule(`^${p}(\\d)(\\d*)$`, [
      { set: ['kind=$1', `effective_caller_id_name=Sales ${v('kind')}`] },
      { set: { tail: '$2' } },
      {
        switch: {
          variable: v('kind'),
          case: {
            '1': [{ bridge: { endpoints: [{ type: 'device', id: a.id }] } }],
            default: [
              when(
                "startsWith(tail, '9') && caller != ''",
                [{ bridge: { endpoints: [{ type: 'device', account: b.account }] } }],
                [{ hangup: 'NO_ROUTE_DESTINATION' }],
              ),
            ],
          },
        },
      },
    ]);
    expect(await call(`${p}1`)).toMatchObject({
      action: 'route',
      targets: [{ deviceId: a.id }],
      callerName: 'Sales 1',
      variables: { kind: '1', tail: '' },
    });
    expect(await call(`${p}295`)).toMatchObject({ action: 'route', targets: [{ deviceId: b.id }] });
    expect(await call(`${p}25`)).toMatchObject({ action: 'reject', code: 404, cause: 'NO_ROUTE_DESTINATION' });
  });

  it('refuses a contact-center step, and a malformed flow or a loop with a reason and a log line', async () => {
    const p = prefix();
    await rule(`^${p}1$`, [{ answer: {} }, { joinQueue: { queue: { id: 1 } } }]);
    await rule(`^${p}2$`, [when('caller ==', [])]);
    await rule(`^${p}3$`, [{ tag: 'again', set: 'x=1' }, { goto: 'again' }]);
    await rule(`^${p}4$`, { not: 'a list' });
    expect(await call(`${p}1`)).toMatchObject({ action: 'reject', code: 503, step: 'joinQueue' });
    lines.length = 0;
    const bad = await call(`${p}2`);
    expect(bad).toMatchObject({ action: 'reject', code: 500, step: 'if' });
    expect((bad as { reason: string }).reason).toMatch(/^Bad flow: .*expression/);
    expect(lines.at(-1)?.message).toMatch(/Call refused: Bad flow/);
    expect(await call(`${p}3`)).toMatchObject({
      action: 'reject',
      code: 500,
      reason: expect.stringMatching(/1000 steps/),
    });
    expect(await call(`${p}4`)).toMatchObject({ action: 'reject', code: 500, step: 'flow' });
  });

  it('refuses a flow with another step without a flow runner, and hands it over when one is set', async () => {
    const p = prefix();
    const gw = await trunk({ host: 'carrier.example.com' });
    const { flow } = await rule(`^${p}(\\d+)$`, [{ playback: { files: [] } }, { hangup: {} }]);
    lines.length = 0;
    expect(await call(`${p}42`)).toEqual({
      action: 'reject',
      code: 501,
      reason: 'Flow step playback not supported',
      step: 'playback',
    });
    expect(lines.at(-1)).toMatchObject({ details: { step: 'playback', code: 501 } });

    const withRunner = { ...s.ctx, config: { ...s.ctx.config, flowRunnerUrl: runner.url } };
    runner.respond = () => ({
      body: {
        action: 'route',
        strategy: 'failover',
        targets: [{ type: 'gateway', name: gw.name, uri: 'sip:0042@evil.example.net' }],
      },
    });
    const input: RouteInput = {
      domainId: s.domainId,
      from: { kind: 'device', deviceId: caller.id },
      callerNumber: caller.account,
      destination: `${p}42`,
      callId: unique('call-'),
    };
    const routed = await decideRoute(withRunner, input, { log: quiet });
    // The runner chose the gateway and the number; the host is the gateway's own.
    expect(routed).toMatchObject({
      action: 'route',
      strategy: 'failover',
      targets: [{ type: 'gateway', gatewayId: gw.id, uri: 'sip:0042@carrier.example.com' }],
      flow: { id: flow.id },
    });
    const handed = runner.calls.at(-1);
    expect(handed).toMatchObject({
      flow: { id: flow.id },
      origin: { kind: 'call', runId: input.callId },
      variables: { destination_number: `${p}42`, reg0_1: '42', caller_id_number: caller.account },
    });

    runner.respond = () => ({ body: { action: 'reject', code: 486, reason: 'Busy' } });
    expect(await decideRoute(withRunner, input, { log: quiet })).toMatchObject({
      action: 'reject',
      code: 486,
      reason: 'Busy',
    });
    runner.respond = () => ({ body: { done: true } });
    expect(await decideRoute(withRunner, input, { log: quiet })).toMatchObject({ action: 'reject', code: 502 });
    runner.respond = () => ({ status: 500, body: { error: 'down' } });
    expect(await decideRoute(withRunner, input, { log: quiet })).toMatchObject({ action: 'reject', code: 503 });
  });

  it('routes a call from a trunking gateway to a device or user, never out to a gateway again', async () => {
    const p = prefix();
    const gw = await trunk();
    const callee = await device();
    await rule(`^${p}(\\d+)$`, [
      {
        bridge: {
          endpoints: [
            { type: 'sipGateway', name: gw.name },
            { type: 'device', id: callee.id },
          ],
        },
      },
    ]);
    const fromGw = { from: { kind: 'gateway' as const, gatewayId: gw.id }, callerNumber: '+15551230000' };
    expect(await call(callee.account, fromGw)).toMatchObject({ action: 'route', targets: [{ deviceId: callee.id }] });
    const d = (await call(`${p}1`, fromGw)) as RouteDecision & { action: 'route' };
    expect(d.targets).toEqual([{ type: 'device', deviceId: callee.id, account: callee.account }]);
    // Another domain's gateway does not place calls here.
    const other = await s.createDomain(unique('dom'));
    const foreign = await trunk({}, other.adminToken);
    expect(await call(callee.account, { from: { kind: 'gateway', gatewayId: foreign.id } })).toMatchObject({
      action: 'reject',
      code: 403,
    });
  });

  it('refuses bad input 400, a do-not-disturb user 486, a disabled calling gateway 403, a failing database 503', async () => {
    expect(await call('100', { from: { kind: 'device', deviceId: -1 } })).toMatchObject({
      action: 'reject',
      code: 400,
    });
    expect(await call('')).toMatchObject({ action: 'reject', code: 484 });

    const phone = await device();
    const extension = prefix();
    const user = await post('/api/users', {
      username: unique('u'),
      password: 'Password-123',
      extension,
      device: { id: phone.id },
      dnd: true,
    });
    expect(user.dnd).toBe(true);
    expect(await call(extension)).toMatchObject({ action: 'reject', code: 486, cause: 'USER_BUSY' });

    const gw = await trunk({ enable: false });
    expect(await call(phone.account, { from: { kind: 'gateway', gatewayId: gw.id } })).toMatchObject({
      action: 'reject',
      code: 403,
      reason: 'Gateway disabled',
    });

    const broken = {
      ...s.ctx,
      db: {
        execute: () => Promise.reject(new Error('connection lost')),
      } as unknown as typeof s.ctx.db,
    };
    lines.length = 0;
    const input: RouteInput = {
      domainId: s.domainId,
      from: { kind: 'device', deviceId: caller.id },
      callerNumber: '1',
      destination: '123',
      callId: 'x',
    };
    expect(await decideRoute(broken, input, { log: quiet })).toEqual({
      action: 'reject',
      code: 503,
      reason: 'Routing unavailable',
      step: 'routing',
    });
    expect(lines.map((l) => l.message)).toContain('Routing failed');
  });

  it('sends a register gateway call to its proxy with the account port', async () => {
    const p = prefix();
    const gw = await post('/api/sip/gateways', {
      name: unique('reg'),
      register: true,
      account: 'sip:1001@127.0.0.1:5071',
      password: 'gw-secret-1',
      proxy: '127.0.0.1',
    });
    await rule(`^${p}(\\d+)$`, [{ bridge: { endpoints: [{ type: 'sipGateway', id: gw.id, dialString: '$1' }] } }]);
    expect(await call(`${p}77`)).toMatchObject({
      action: 'route',
      targets: [{ type: 'gateway', gatewayId: gw.id, uri: 'sip:77@127.0.0.1:5071' }],
    });
  });

  it('refuses a call whose pattern is too slow instead of routing it by the next rule', async () => {
    const p = prefix();
    const gw = await trunk();
    const slow = await rule(`^${p}(\\d+)+$`, [{ hangup: 'USER_BUSY' }]);
    await rule(`^${p}\\d*`, [{ bridge: { endpoints: [{ type: 'sipGateway', id: gw.id, dialString: '$0' }] } }]);
    lines.length = 0;
    expect(await call(`${p}${'1'.repeat(40)}#`)).toEqual({
      action: 'reject',
      code: 503,
      reason: 'Routing unavailable',
      step: 'dialplan',
    });
    expect(lines.map((l) => l.message)).toEqual(['Routing patterns not tested', 'Call refused: Routing unavailable']);
    // The next call is answered (by a fresh worker) and by the first rule.
    expect(await call(`${p}12`)).toMatchObject({ action: 'reject', code: 486, cause: 'USER_BUSY' });
    const off = await s.request('PATCH', `/api/routing/outbound/calls/${slow.rule.id}`, {
      token,
      body: { disabled: true },
    });
    expect(off.status).toBe(200);
    expect(await call(`${p}12`)).toMatchObject({ action: 'route', targets: [{ uri: `sip:${p}12@127.0.0.1` }] });
  });

  it('gives calls at once each their own route', async () => {
    const p = prefix();
    const gw = await trunk();
    for (let i = 0; i < 5; i++)
      await rule(`^${p}${i}(\\d+)$`, [
        { bridge: { endpoints: [{ type: 'sipGateway', id: gw.id, dialString: `${i}-$1` }] } },
      ]);
    const numbers = Array.from({ length: 40 }, (_, i) => `${p}${i % 5}${1000 + i}`);
    const decisions = await Promise.all(numbers.map((n) => call(n)));
    expect(
      decisions.map((d) => (d.action === 'route' && d.targets[0].type === 'gateway' ? d.targets[0].uri : d)),
    ).toEqual(numbers.map((_, i) => `sip:${i % 5}-${1000 + i}@127.0.0.1`));
  });
});
