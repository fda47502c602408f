import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type CallState,
  type DeviceData,
  findForeignStep,
  type GatewayData,
  Interpreter,
  type RoutingData,
} from './interpreter.js';

// The example flows of README "Call routing" run as documented.
const readme = fs.readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('### Call routing'));
const examples = [...section.slice(section.indexOf('Example flows.')).matchAll(/```json\n([\s\S]*?)```/g)].map(
  (m) => JSON.parse(m[1]) as unknown[],
);

const gw = (id: number, name: string): GatewayData => ({
  id,
  name,
  enable: true,
  register: false,
  host: `${name}.example.net`,
  proxy: '',
  account: '',
  ipacl: [],
});
const desk: DeviceData = { id: 1, account: 'reception-101', name: 'Reception', userActive: true };
const data = (open: boolean): RoutingData => ({
  gateway: async (ref) => [gw(1, 'carrier-a'), gw(2, 'carrier-b')].find((g) => g.name === ref.name) ?? null,
  device: async (ref) => (ref.account === desk.account ? desk : null),
  user: async (ref) =>
    ref.extension === '201' || ref.extension === '202'
      ? {
          id: Number(ref.extension),
          name: ref.extension,
          active: true,
          dnd: false,
          devices: [{ id: Number(ref.extension), account: `soft-${ref.extension}`, name: '', userActive: true }],
        }
      : null,
  calendar: async (name) =>
    name === 'Office'
      ? {
          timezone: 'UTC',
          startAt: null,
          endAt: null,
          accepts: open
            ? [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, disabled: false, startTimeOfDay: 0, endTimeOfDay: 1440 }))
            : [],
          excepts: [],
        }
      : null,
  inBlacklist: async (list, number) => (list === 'Spam' || list === 'Barred destinations' ? number === '666' : null),
  regex: async (p, t) => new RegExp(p).test(t),
  now: () => new Date(),
});
const call = (open: boolean, steps: unknown[], s: Partial<CallState>) =>
  new Interpreter(data(open), {
    destination: '',
    callerNumber: '100',
    callerName: '',
    captures: [],
    variables: {},
    fromGateway: false,
    ...s,
  }).run(steps);

describe('README call-routing examples', () => {
  it('are three flows of the routing subset only', () => {
    expect(examples).toHaveLength(3);
    for (const e of examples) expect(findForeignStep(e)).toBeNull();
  });

  it('outbound through a carrier with failover, barred destinations refused', async () => {
    const [flow] = examples;
    expect(await call(true, flow, { destination: '0301234567', captures: ['0301234567', '301234567'] })).toEqual({
      kind: 'route',
      strategy: 'failover',
      targets: [
        { type: 'gateway', gatewayId: 1, name: 'carrier-a', uri: 'sip:+49301234567@carrier-a.example.net' },
        { type: 'gateway', gatewayId: 2, name: 'carrier-b', uri: 'sip:0049301234567@carrier-b.example.net' },
      ],
    });
    expect(await call(true, flow, { destination: '666', captures: ['666', '66'] })).toMatchObject({
      code: 403,
      cause: 'OUTGOING_CALL_BARRED',
    });
  });

  it('office hours: both extensions when open, busy when closed, spam refused', async () => {
    const flow = examples[1];
    const interpreter = new Interpreter(data(true), {
      destination: '200',
      callerNumber: '100',
      callerName: 'Ann',
      captures: [],
      variables: {},
      fromGateway: false,
    });
    expect(await interpreter.run(flow)).toMatchObject({
      kind: 'route',
      targets: [{ deviceId: 201 }, { deviceId: 202 }],
    });
    expect(interpreter.state.callerName).toBe('Sales');
    expect(await call(false, flow, { destination: '200' })).toMatchObject({ code: 486 });
    expect(await call(true, flow, { callerNumber: '666' })).toMatchObject({ code: 403, cause: 'INCOMING_CALL_BARRED' });
  });

  it('short codes with switch', async () => {
    const flow = examples[2];
    expect(await call(true, flow, { captures: ['*1', '1'] })).toMatchObject({
      targets: [{ account: 'reception-101' }],
    });
    expect(await call(true, flow, { captures: ['*9', '9'] })).toMatchObject({
      targets: [{ uri: 'sip:112@carrier-a.example.net' }],
    });
    expect(await call(true, flow, { captures: ['*5', '5'] })).toMatchObject({ code: 404 });
  });
});
