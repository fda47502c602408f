import { describe, expect, it } from 'vitest';
import { sipOfCause } from './causes.js';
import {
  type CallState,
  findForeignStep,
  type GatewayData,
  gatewayUri,
  Interpreter,
  type RoutingData,
  STEP_BUDGET,
} from './interpreter.js';

const gateways: GatewayData[] = [
  { id: 1, name: 'main', enable: true, register: false, host: '10.0.0.1', proxy: '10.0.0.1', account: '', ipacl: [] },
  { id: 2, name: 'off', enable: false, register: false, host: '10.0.0.2', proxy: '10.0.0.2', account: '', ipacl: [] },
  {
    id: 3,
    name: 'provider',
    enable: true,
    register: true,
    host: '',
    proxy: 'sip.provider.net',
    account: 'sip:1001@sip.provider.net:5070',
    ipacl: [],
  },
];

const data: RoutingData = {
  gateway: async (ref) => gateways.find((g) => g.id === ref.id || g.name === ref.name) ?? null,
  device: async (ref) =>
    ref.id === 7 || ref.account === 'desk' ? { id: 7, account: 'desk', name: 'Desk', userActive: true } : null,
  user: async (ref) =>
    ref.extension === '200'
      ? {
          id: 5,
          name: 'Ann',
          active: true,
          dnd: false,
          devices: [
            { id: 7, account: 'desk', name: 'Desk', userActive: true },
            { id: 8, account: 'soft', name: 'Soft', userActive: true },
          ],
        }
      : null,
  calendar: async () => null,
  inBlacklist: async (list, number) => (list === 'bad' ? number === '666' : null),
  regex: async (pattern, text) => new RegExp(pattern).test(text),
  now: () => new Date(),
};

const state = (extra: Partial<CallState> = {}): CallState => ({
  destination: '90123',
  callerNumber: '100',
  callerName: 'Front desk',
  captures: ['90123', '0123'],
  variables: {},
  fromGateway: false,
  ...extra,
});
const run = (steps: unknown[], extra: Partial<CallState> = {}) => new Interpreter(data, state(extra)).run(steps);

/** A variable reference `${name}`. */
const v = (name: string) => `$\{${name}}`;

describe('routing interpreter', () => {
  it('bridges to gateways with dial strings from captures and variables, skipping disabled ones', async () => {
    const out = await run([
      { set: 'prefix=+44' },
      {
        bridge: {
          strategy: 'failover',
          endpoints: [
            { type: 'sipGateway', name: 'off', dialString: '$1' },
            { type: 'sipGateway', name: 'main', dialString: `${v('prefix')}&reg0.$1` },
            { type: 'sipGateway', name: 'provider' },
            { type: 'sipGateway', name: 'missing' },
          ],
        },
      },
    ]);
    expect(out).toEqual({
      kind: 'route',
      strategy: 'failover',
      targets: [
        { type: 'gateway', gatewayId: 1, name: 'main', uri: 'sip:+440123@10.0.0.1' },
        { type: 'gateway', gatewayId: 3, name: 'provider', uri: 'sip:90123@sip.provider.net:5070' },
      ],
    });
  });

  it('goes on after a bridge that finds nothing, and ends with its reason', async () => {
    const out = await run([{ bridge: { endpoints: [{ type: 'sipGateway', name: 'off' }] } }]);
    expect(out).toMatchObject({ kind: 'reject', code: 480, step: 'bridge' });
    expect((out as { reason: string }).reason).toContain('gateway off: disabled');
    expect(
      await run([{ bridge: { endpoints: [{ type: 'sipGateway', name: 'off' }] } }, { hangup: 'USER_BUSY' }]),
    ).toMatchObject({
      code: 486,
    });
  });

  it('refuses a dial string that is not a number rather than build a strange URI', async () => {
    const out = await run([{ bridge: { endpoints: [{ type: 'sipGateway', name: 'main', dialString: 'a@b;x' }] } }]);
    expect(out).toMatchObject({ kind: 'reject', code: 480 });
  });

  it('rings all devices of a user endpoint once each, and never sends a gateway call out to a gateway', async () => {
    const out = await run([
      {
        bridge: {
          endpoints: [
            { type: 'user', extension: '200' },
            { type: 'device', id: 7 },
            { type: 'sipGateway', name: 'main' },
          ],
        },
      },
    ]);
    expect(out).toMatchObject({ kind: 'route', strategy: 'multiple' });
    expect((out as { targets: unknown[] }).targets).toHaveLength(3);
    const fromGw = await run(
      [
        {
          bridge: {
            endpoints: [
              { type: 'sipGateway', name: 'main' },
              { type: 'device', account: 'desk' },
            ],
          },
        },
      ],
      {
        fromGateway: true,
      },
    );
    expect(fromGw).toEqual({
      kind: 'route',
      strategy: 'multiple',
      targets: [{ type: 'device', deviceId: 7, account: 'desk' }],
    });
  });

  it('gives each target the ring timeout of its endpoint, else of its bridge (leg_timeout, call_timeout)', async () => {
    const out = await run([
      { set: 'ring=15' },
      {
        bridge: {
          strategy: 'failover',
          parameters: [`leg_timeout=${v('ring')}`, 'ignore_early_media=true'],
          endpoints: [
            { type: 'sipGateway', name: 'main', parameters: ['leg_timeout=5'] },
            { type: 'user', extension: '200' },
            { type: 'sipGateway', name: 'provider', parameters: { call_timeout: 40 } },
          ],
        },
      },
    ]);
    expect(out).toMatchObject({ kind: 'route', strategy: 'failover' });
    expect((out as { targets: { timeout?: number }[] }).targets.map((t) => t.timeout)).toEqual([5, 15, 15, 40]);
    const none = await run([{ bridge: { endpoints: [{ type: 'device', id: 7 }] } }]);
    expect(none).toEqual({
      kind: 'route',
      strategy: 'multiple',
      targets: [{ type: 'device', deviceId: 7, account: 'desk' }],
    });
    for (const bad of ['leg_timeout=0', 'leg_timeout=601', 'leg_timeout=ten', 'call_timeout=1.5']) {
      const refused = await run([{ bridge: { parameters: [bad], endpoints: [{ type: 'device', id: 7 }] } }]);
      expect(refused, bad).toMatchObject({ kind: 'reject', code: 500, step: 'bridge' });
      expect((refused as { reason: string }).reason).toContain('whole seconds from 1 to 600');
    }
  });

  it('runs a blacklist action when the caller is listed, and refuses a missing list', async () => {
    const steps = [{ blackList: { name: 'bad', action: [{ hangup: 'CALL_REJECTED' }] } }, { hangup: 'USER_BUSY' }];
    expect(await run(steps, { callerNumber: '666' })).toMatchObject({ code: 603, cause: 'CALL_REJECTED' });
    expect(await run(steps)).toMatchObject({ code: 486 });
    expect(await run([{ blackList: { name: 'gone' } }])).toMatchObject({ code: 500, step: 'blackList' });
    expect(await run([{ blackList: { name: 'bad', number: v('destination') } }], { destination: '666' })).toMatchObject(
      {
        code: 403,
        cause: 'INCOMING_CALL_BARRED',
      },
    );
  });

  it('stops a loop at the step budget and deep nesting at its limit, with a reason', async () => {
    const loop = await run([{ tag: 'top', set: 'a=1' }, { goto: 'top' }]);
    expect(loop).toMatchObject({ kind: 'reject', code: 500, reason: expect.stringContaining(`${STEP_BUDGET} steps`) });
    let deep: unknown = { hangup: 'USER_BUSY' };
    for (let i = 0; i < 100; i++) deep = { switch: { variable: 'x', case: { default: [deep] } } };
    expect(await run([deep])).toMatchObject({ kind: 'reject', code: 500, reason: expect.stringContaining('nested') });
  });

  it('refuses malformed steps with a reason, never throwing', async () => {
    for (const bad of [
      [null],
      [{ set: 'no-equals' }],
      [{ if: {} }],
      [{ switch: { variable: 'x' } }],
      [{ bridge: { endpoints: [{ type: 'fax' }] } }],
      [{ bridge: { strategy: 'random', endpoints: [{ type: 'device', id: 7 }] } }],
      [{ goto: 'nowhere' }],
      [{ set: 'a=1', hangup: {} }],
    ])
      expect(await run(bad), JSON.stringify(bad)).toMatchObject({ kind: 'reject', code: 500 });
  });

  it('finds the first step outside the subset, ignoring contact-center ones and looking into branches', () => {
    expect(findForeignStep([{ answer: {} }, { joinQueue: {} }, { hangup: {} }])).toBeNull();
    expect(
      findForeignStep([
        { switch: { variable: 'x', case: { a: [{ if: { expression: '1', else: [{ playback: {} }] } }] } } },
      ]),
    ).toBe('playback');
  });

  it('maps causes to SIP codes, and takes a SIP code as such', () => {
    expect(sipOfCause('USER_BUSY')).toMatchObject({ code: 486 });
    expect(sipOfCause('no_route_destination')).toMatchObject({ code: 404, cause: 'NO_ROUTE_DESTINATION' });
    expect(sipOfCause('')).toMatchObject({ code: 480, cause: 'NORMAL_CLEARING' });
    expect(sipOfCause('603')).toMatchObject({ code: 603 });
    expect(sipOfCause('WHATEVER')).toMatchObject({ code: 480, cause: 'WHATEVER' });
  });

  it('builds a gateway URI from a trunk host and its ACL port', () => {
    expect(gatewayUri({ ...gateways[0], ipacl: [{ ip: '10.0.0.1', port: 5080 }] }, '123')).toBe(
      'sip:123@10.0.0.1:5080',
    );
  });
});
