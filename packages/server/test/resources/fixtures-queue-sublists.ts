import { ATTEMPT_RESULTS, messages, QUEUE_HOOK_EVENTS } from '@switchboard/model';
import { buckets, ccQueueAttempts, ccResourceGroups, skills } from '../../src/db/schema.js';
import type { TestServer } from '../harness.js';
import { makeAgent } from './agent-fixtures.js';
import type { Fixture } from './fixture-types.js';
import { makeCommunication } from './fixtures-cc-resources.js';
import { makeCalendar } from './fixtures-queues.js';
import { scramble, unique } from './helpers.js';

type Body = Record<string, unknown>;
type Named = { id: number; name: string };

async function post(s: TestServer, token: string, path: string, body: Body): Promise<Body & { id: number }> {
  const res = await s.request('POST', path, { token, body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function domainOf(s: TestServer, token: string): Promise<number> {
  const info = await s.request('GET', '/api/userinfo', { token });
  if (info.status !== 200) throw new Error(`userinfo: ${info.status}`);
  return info.body.domainId;
}

/** A queue of the given type (offline by default, which has every sub-list) in the token's domain. */
export async function makeQueue(s: TestServer, token: string, extra: Body = {}): Promise<number> {
  const calendar = await makeCalendar(s, token);
  return (
    await post(s, token, '/api/call_center/queues', {
      name: unique('fixture queue '),
      calendar: { id: calendar },
      ...extra,
    })
  ).id;
}

/** A service flow (what a hook runs) in the token's domain. */
export const makeServiceFlow = async (s: TestServer, token: string) =>
  (await post(s, token, '/api/routing/schema', { name: unique('hook flow '), type: 'service', schema: [] })).id;

/**
 * What the bodies refer to, made once per test server straight into the tables (far quicker than
 * the API): skills, buckets and resource groups that creates take in turn (a queue holds each
 * once), and a service flow for hooks.
 */
type Refs = { skills: Named[]; buckets: Named[]; groups: Named[]; flows: number[] };
const made = new WeakMap<TestServer, Refs>();
let refs: Refs = { skills: [], buckets: [], groups: [], flows: [] };
const POOL = 400;

async function prepare(s: TestServer, token: string) {
  let found = made.get(s);
  if (!found) {
    const domainId = await domainOf(s, token);
    const named = (prefix: string) => Array.from({ length: POOL }, () => ({ domainId, name: unique(prefix) }));
    const skillRows = await s.ctx.db
      .insert(skills)
      .values(named('skill'))
      .returning({ id: skills.id, name: skills.name });
    const bucketRows = await s.ctx.db
      .insert(buckets)
      .values(named('bucket'))
      .returning({ id: buckets.id, name: buckets.name });
    const communicationId = await makeCommunication(s, token);
    const groupRows = await s.ctx.db
      .insert(ccResourceGroups)
      .values(named('group').map((g) => ({ ...g, communicationId })))
      .returning({ id: ccResourceGroups.id, name: ccResourceGroups.name });
    const flows = [await makeServiceFlow(s, token), await makeServiceFlow(s, token)];
    found = { skills: skillRows, buckets: bucketRows, groups: groupRows, flows };
    made.set(s, found);
  }
  refs = found;
}

let taken = 0;
/** The next record of a pool (the first one of each stays free for invalid bodies). */
const next = (pool: Named[]) => pool[1 + (taken++ % (pool.length - 1))];
/** Names of the records bodies took, by field and id (ids of different tables repeat). */
const names = new Map<string, string>();
const take = (pool: Named[], field: string) => {
  const one = next(pool);
  names.set(`${field}:${one.id}`, one.name);
  return { id: one.id };
};
const nameOf = (b: Body, field: string) => names.get(`${field}:${(b[field] as { id: number }).id}`) as string;

/**
 * A body whose fields are read when it is sent (after prepare made the records), once: a field
 * that takes a record of a pool keeps it however often it is read.
 */
const lazy = (body: Body, fields: Record<string, () => unknown>) => {
  for (const [key, get] of Object.entries(fields)) {
    let value: unknown;
    let read = false;
    Object.defineProperty(body, key, {
      enumerable: true,
      get: () => {
        if (!read) {
          value = get();
          read = true;
        }
        return value;
      },
    });
  }
  return body;
};

let n = 0;
const HOUR = 3_600_000;
/** Instants an hour or more apart, in an order unlike their creation. */
const instant = (k: number) => new Date(Date.UTC(2026, 0, 1) + scramble(k) * HOUR);

export const QUEUE_SUBLIST_FIXTURES: Record<string, Fixture> = {
  queueSkills: {
    prepare,
    parent: (s, token) => makeQueue(s, token),
    // The actors of the access suite pick the queue's calendar and the buckets.
    grants: { calendars: 'r', cc_bucket: 'r' },
    create: () =>
      lazy(
        {
          lvl: scramble(++n) % 1001,
          minCapacity: scramble(n) % 10,
          maxCapacity: 10 + (scramble(n * 3) % 91),
          enabled: n % 2 === 0,
        },
        { skill: () => take(refs.skills, 'skill'), buckets: () => [{ id: refs.buckets[0].id }] },
      ),
    searchValue: (b) => nameOf(b, 'skill'),
    update: () =>
      lazy(
        { lvl: 1000, minCapacity: 100, maxCapacity: 100, enabled: true },
        { skill: () => take(refs.skills, 'skill') },
      ),
    patch: { lvl: 500 },
    untouched: 'maxCapacity',
    invalid: [
      { rule: 'skill required', body: { lvl: 1 }, field: 'skill', message: messages.required },
      {
        rule: 'level at most 1000',
        body: { skill: { id: 1 }, lvl: 1001 },
        field: 'lvl',
        message: `${messages.max} 1000`,
      },
      { rule: 'level not negative', body: { skill: { id: 1 }, lvl: -1 }, field: 'lvl', message: `${messages.min} 0` },
      {
        rule: 'min capacity at most 100',
        body: { skill: { id: 1 }, minCapacity: 101 },
        field: 'minCapacity',
        message: `${messages.max} 100`,
      },
      {
        rule: 'max capacity numeric',
        body: { skill: { id: 1 }, maxCapacity: 'ten' },
        field: 'maxCapacity',
        message: messages.numeric,
      },
      {
        rule: 'min capacity at most the max (on the min)',
        body: lazy({ minCapacity: 50, maxCapacity: 20 }, { skill: () => ({ id: refs.skills[0].id }) }),
        field: 'minCapacity',
        message: messages.skillCapacityMin,
      },
      {
        rule: 'max capacity at least the min (on the max)',
        body: lazy({ minCapacity: 50, maxCapacity: 20 }, { skill: () => ({ id: refs.skills[0].id }) }),
        field: 'maxCapacity',
        message: messages.skillCapacityMax,
      },
    ],
  },
  queueBuckets: {
    prepare,
    parent: (s, token) => makeQueue(s, token),
    grants: { calendars: 'r', cc_bucket: 'r' },
    create: () =>
      lazy({ priority: scramble(++n) % 1000, disabled: n % 2 === 0 }, { bucket: () => take(refs.buckets, 'bucket') }),
    searchValue: (b) => nameOf(b, 'bucket'),
    update: () => lazy({ priority: 7, disabled: true }, { bucket: () => take(refs.buckets, 'bucket') }),
    patch: { disabled: false },
    untouched: 'priority',
    invalid: [
      { rule: 'bucket required', body: { priority: 1 }, field: 'bucket', message: messages.required },
      {
        rule: 'priority not negative',
        body: { bucket: { id: 1 }, priority: -1 },
        field: 'priority',
        message: `${messages.min} 0`,
      },
      {
        rule: 'bucket is a reference',
        body: { bucket: { id: 'x' } },
        field: 'bucket.id',
        message: messages.idType,
      },
    ],
  },
  queueResourceGroups: {
    prepare,
    parent: (s, token) => makeQueue(s, token),
    grants: { calendars: 'r', cc_resource_group: 'r' },
    create: () => lazy({}, { resourceGroup: () => take(refs.groups, 'resourceGroup') }),
    searchValue: (b) => nameOf(b, 'resourceGroup'),
    update: () => lazy({}, { resourceGroup: () => take(refs.groups, 'resourceGroup') }),
    untouched: 'resourceGroup',
    invalid: [
      { rule: 'resource group required', body: {}, field: 'resourceGroup', message: messages.required },
      {
        rule: 'resource group is a reference',
        body: { resourceGroup: { id: 'x' } },
        field: 'resourceGroup.id',
        message: messages.idType,
      },
    ],
  },
  queueHooks: {
    prepare,
    parent: (s, token) => makeQueue(s, token),
    grants: { calendars: 'r' },
    create: () =>
      lazy(
        {
          event: QUEUE_HOOK_EVENTS[scramble(++n) % QUEUE_HOOK_EVENTS.length],
          properties: ['reason', `v${n}`],
          enabled: n % 2 === 0,
        },
        { schema: () => ({ id: refs.flows[n % 2] }) },
      ),
    searchValue: () => '',
    update: () => lazy({ event: 'leaving', properties: [], enabled: true }, { schema: () => ({ id: refs.flows[0] }) }),
    patch: { enabled: false },
    untouched: 'event',
    invalid: [
      {
        rule: 'event required',
        body: lazy({}, { schema: () => ({ id: refs.flows[0] }) }),
        field: 'event',
        message: messages.required,
      },
      {
        rule: 'event of the list',
        body: lazy({ event: 'ringing' }, { schema: () => ({ id: refs.flows[0] }) }),
        field: 'event',
        message: `${messages.oneOf} ${QUEUE_HOOK_EVENTS.join(', ')}`,
      },
      { rule: 'flow required', body: { event: 'joined' }, field: 'schema', message: messages.required },
      {
        rule: 'property names not empty',
        body: lazy({ event: 'joined', properties: [' '] }, { schema: () => ({ id: refs.flows[0] }) }),
        field: 'properties.0',
        message: messages.required,
      },
    ],
  },
  queueAgents: {
    // A queue of a team with three agents, and an agent of another team (not listed).
    parent: async (s, token) => {
      const team = await post(s, token, '/api/call_center/teams', { name: unique('queue team ') });
      const queue = await makeQueue(s, token, { team: { id: team.id } });
      for (let i = 0; i < 3; i++) {
        // Lower-case names without spaces: the sort test compares them.
        const user = await post(s, token, '/api/users', {
          username: unique('qagent'),
          password: 'Secret-pass-1',
          name: unique('qagent'),
        });
        await post(s, token, '/api/call_center/agents', { user: { id: user.id }, team: { id: team.id } });
      }
      await makeAgent(s, token);
      return queue;
    },
    grants: { calendars: 'r', cc_team: 'r' },
    searchValue: (item) => item.name as string,
    invalid: [],
  },
  queueAttempts: {
    // A queue with three attempts, written as the member.attempt event writes them.
    parent: async (s, token) => {
      const queue = await makeQueue(s, token);
      const domainId = await domainOf(s, token);
      await s.ctx.db.insert(ccQueueAttempts).values(
        [0, 1, 2].map(() => {
          const joined = instant(++n);
          const duration = 10 + (scramble(n) % 500);
          return {
            domainId,
            queueId: queue,
            destination: `380${String(scramble(n)).padStart(5, '0')}${n}`,
            joinedAt: joined.toISOString(),
            offeringAt: new Date(joined.getTime() + 1000 * (1 + (scramble(n * 3) % 60))).toISOString(),
            leavingAt: new Date(joined.getTime() + duration * 1000).toISOString(),
            duration,
            attempts: 1 + (scramble(n * 5) % 5),
            result: ATTEMPT_RESULTS[scramble(n) % ATTEMPT_RESULTS.length],
          };
        }),
      );
      return queue;
    },
    grants: { calendars: 'r' },
    searchValue: (item) => item.destination as string,
    invalid: [],
  },
};
