import { messages } from '@switchboard/model';
import type { TestServer } from '../harness.js';
import type { Fixture } from './fixture-types.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;

async function post(s: TestServer, token: string, path: string, body: Body): Promise<number> {
  const res = await s.request('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A trunking SIP gateway in the token's domain. */
export const makeGateway = (s: TestServer, token: string) =>
  post(s, token, '/api/sip/gateways', {
    name: unique('fixture gw '),
    register: false,
    host: 'sbc.example.com',
    proxy: '10.0.0.1',
  });

/** A phone communication type in the token's domain. */
export const makeCommunication = (s: TestServer, token: string) =>
  post(s, token, '/api/call_center/communication_type', {
    name: unique('fixture phone '),
    code: unique('ph'),
    channel: 'phone',
  });

/** A resource in the token's domain, on a new gateway unless one is given. */
export async function makeResource(s: TestServer, token: string, gateway?: number): Promise<number> {
  const gatewayId = gateway ?? (await makeGateway(s, token));
  return post(s, token, '/api/call_center/resources', { name: unique('fixture res '), gateway: { id: gatewayId } });
}

/** A resource group in the token's domain, on a new communication type. */
export async function makeGroup(s: TestServer, token: string): Promise<number> {
  const communication = await makeCommunication(s, token);
  return post(s, token, '/api/call_center/resource_group', {
    name: unique('fixture group '),
    communication: { id: communication },
  });
}

/**
 * What the bodies refer to, made once per test server (the suites run on each driver in turn,
 * the access suite prepares before every record): a gateway, a communication type, and a pool of
 * resources that group resources take in turn (a group holds each resource once).
 */
type Refs = { gateway: number; communication: number; pool: number[] };
const made = new WeakMap<TestServer, Refs>();
let refs: Refs = { gateway: 0, communication: 0, pool: [] };
const POOL = 64;

async function prepare(s: TestServer, token: string) {
  let found = made.get(s);
  if (!found) {
    const gateway = await makeGateway(s, token);
    const pool: number[] = [];
    for (let i = 0; i < POOL; i++) pool.push(await makeResource(s, token, gateway));
    found = { gateway, communication: await makeCommunication(s, token), pool };
    made.set(s, found);
  }
  refs = found;
}

let taken = 0;
/** The next resource of the pool; the first one is every group resource's reserve, never taken. */
const nextResource = () => refs.pool[1 + (taken++ % (POOL - 1))];
const reserveResource = () => refs.pool[0];

let phones = 0;
/** A phone number no other call of this run has. */
const phone = () => `+4${String(scramble(++phones)).padStart(5, '0')}${String(phones).padStart(6, '0')}`;

/** A body whose reference fields are read when it is sent (after prepare made the records). */
const lazy = (body: Body, fields: Record<string, () => unknown>) => {
  for (const [key, get] of Object.entries(fields)) Object.defineProperty(body, key, { enumerable: true, get });
  return body;
};

export const CC_RESOURCE_FIXTURES: Record<string, Fixture> = {
  resourceDisplays: {
    parent: (s, token) => makeResource(s, token),
    // Digits alone (no +), so the sort test can compare the displays' order.
    create: () => ({ display: phone().slice(1) }),
    searchValue: (b) => b.display as string,
    update: () => ({ display: phone() }),
    untouched: 'display',
    invalid: [
      { rule: 'display required', body: { display: '' }, field: 'display', message: messages.required },
      { rule: 'display missing', body: {}, field: 'display', message: messages.required },
      { rule: 'display a phone', body: { display: '12-34 ext' }, field: 'display', message: messages.phone },
    ],
  },
  resourceGroupResources: {
    prepare,
    parent: (s, token) => makeGroup(s, token),
    // The actors of the access suite pick resources, so they may read them.
    grants: { cc_resource: 'r' },
    create: () => ({
      resource: { id: nextResource() },
      reserveResource: scramble(++phones) % 2 === 0 ? { id: reserveResource() } : null,
      priority: scramble(phones * 11) % 1000,
    }),
    searchValue: () => '',
    update: () => ({ resource: { id: nextResource() }, reserveResource: { id: reserveResource() }, priority: 7 }),
    untouched: 'priority',
    invalid: [
      { rule: 'resource required', body: { priority: 1 }, field: 'resource', message: messages.required },
      {
        rule: 'resource is a reference',
        body: { resource: { id: 'x' } },
        field: 'resource.id',
        message: messages.idType,
      },
      {
        rule: 'priority at most 1000',
        body: { resource: { id: 1 }, priority: 1001 },
        field: 'priority',
        message: `${messages.max} 1000`,
      },
      {
        rule: 'reserve differs from the resource',
        body: lazy(
          {},
          { resource: () => ({ id: reserveResource() }), reserveResource: () => ({ id: reserveResource() }) },
        ),
        field: 'reserveResource',
        message: messages.reserveSame,
      },
    ],
  },
};
