import {
  LOGGABLE_OBJECTS,
  MEMBER_COMMUNICATIONS_MAX,
  messages,
  RESOURCE_PATTERN_INVALID,
  type ResourceDef,
} from '@switchboard/model';
import { SERVER_RESOURCES } from '../../src/resources/index.js';
import { AGENT_FIXTURES } from './agent-fixtures.js';
import { makeFlow, suiteFlows } from './fixture-flows.js';
import { makeCommunication } from './fixtures-cc-resources.js';
import { GATEWAY_FIXTURES } from './fixtures-gateways.js';
import { QUEUE_SUBLIST_FIXTURES } from './fixtures-queue-sublists.js';
import { QUEUE_FIXTURES } from './fixtures-queues.js';
import { TRIGGER_FIXTURES } from './fixtures-triggers.js';
import { generatedFixture, type HandRules } from './generated-fixtures.js';
import { scramble, unique } from './helpers.js';
import { NESTED_FIXTURES } from './nested-fixtures.js';

export type { Fixture, InvalidCase } from './fixture-types.js';

import type { TestServer } from '../harness.js';

import type { Fixture } from './fixture-types.js';

let phones = 0;
/** A phone number no other call of this run has. */
const _phone = () => `+3${String(scramble(++phones)).padStart(5, '0')}${String(phones).padStart(6, '0')}`;

let object = 0;
const _nextObject = () => LOGGABLE_OBJECTS[object++ % LOGGABLE_OBJECTS.length];

const _BERLIN = { name: 'Europe/Berlin', offset: '+01:00' };

export const FIXTURES = {
  users: {
    create: (prefix) => ({
      username: unique(prefix),
      password: 'Secret-pass-1',
      name: unique('Name '),
      email: 'someone@example.com',
      extension: '1001',
      profile: { team: 'blue' },
    }),
    searchValue: (b) => b.username as string,
    update: (prefix) => ({ username: unique(prefix), name: 'Renamed', email: '', extension: '2002' }),
    patch: { name: 'Patched' },
    untouched: 'extension',
    invalid: [
      {
        rule: 'username required',
        body: { username: '', password: 'x' },
        field: 'username',
        message: messages.required,
      },
      { rule: 'username missing', body: { password: 'x' }, field: 'username', message: messages.required },
      {
        rule: 'password required on create',
        body: { username: unique('np') },
        field: 'password',
        message: messages.required,
        on: 'create',
      },
      {
        rule: 'email format',
        body: { username: unique('em'), password: 'x', email: 'not-an-email' },
        field: 'email',
        message: messages.email,
      },
      {
        rule: 'variable value required',
        body: { username: unique('pv'), password: 'x', profile: { key: '' } },
        field: 'profile.key',
        message: messages.required,
      },
    ],
  },
  devices: {
    create: (prefix) => ({
      name: unique(prefix),
      account: unique('acc'),
      password: 'Sip-secret-1',
      phone: '1001',
      ip: '10.0.0.5',
      brand: 'Yealink',
      model: 'T46',
      mac: '00:11:22:AA:bb:cc',
      vars: { line: '1' },
    }),
    searchValue: (b) => b.name as string,
    // A new account needs the password again: the stored credential is bound to the account.
    update: (prefix) => ({ name: unique(prefix), account: unique('acc'), password: 'Sip-secret-2', brand: 'Polycom' }),
    patch: { brand: 'Patched' },
    untouched: 'model',
    invalid: [
      {
        rule: 'name required',
        body: { name: '', account: unique('a'), password: 'x' },
        field: 'name',
        message: messages.required,
      },
      { rule: 'account required', body: { name: 'Desk', password: 'x' }, field: 'account', message: messages.required },
      {
        rule: 'password required on create',
        body: { name: 'Desk', account: unique('a') },
        field: 'password',
        message: messages.required,
        on: 'create',
      },
      {
        rule: 'IPv4',
        body: { name: 'Desk', account: unique('a'), password: 'x', ip: '300.1.2.3' },
        field: 'ip',
        message: messages.ipv4,
      },
      {
        rule: 'MAC',
        body: { name: 'Desk', account: unique('a'), password: 'x', mac: '00:11:22:33:44' },
        field: 'mac',
        message: messages.mac,
      },
      {
        rule: 'hotdesk host name',
        body: { name: 'Desk', password: 'x', hotdesk: true, hotdesks: ['pc-01', 'bad host!'] },
        field: 'hotdesks.1',
        message: messages.hostName,
      },
      {
        rule: 'user of this domain',
        body: { name: 'Desk', account: unique('a'), password: 'x', user: { id: 987654 } },
        field: 'user',
      },
    ],
  },
  ...GATEWAY_FIXTURES,
} satisfies Record<string, Fixture>;

/**
 * The fixture of a resource: a hand-written one, a nested one's, or one generated from the
 * schemas of a simple resource (which then needs none written here).
 */
export function fixtureOf(def: ResourceDef): Fixture {
  const fx =
    (FIXTURES as Record<string, Fixture>)[def.name] ??
    NESTED_FIXTURES[def.name] ??
    AGENT_FIXTURES[def.name] ??
    TRIGGER_FIXTURES[def.name] ??
    QUEUE_FIXTURES[def.name] ??
    QUEUE_SUBLIST_FIXTURES[def.name] ??
    generated(def);
  if (!fx) throw new Error(`${def.name}: its schema is not simple enough to generate a fixture; write one`);
  return fx;
}

/** The communication type members' numbers are of, made by their prepare step (by server and token). */
const memberTypes = new WeakMap<TestServer, Map<string, number>>();
// An id until the prepare step makes the type: the generator's probe of the schema reads it.
let memberType = 1;
let destinations = 0;
/** One communication of a member, of the prepared type (read when the body is sent). */
const communication = (extra: Record<string, unknown> = {}) =>
  Object.defineProperty({ destination: `+38050${String(++destinations).padStart(7, '0')}`, ...extra }, 'type', {
    enumerable: true,
    get: () => ({ id: memberType }),
  });

/**
 * What the definitions cannot say, by resource (see HandRules): rules of fields the generator
 * leaves out (lists of rows, nested objects, lists of codes), each checked on a generated body
 * with the change applied, and the few values and checks of the server's own.
 */
const HAND: Record<string, HandRules> = {
  // The server checks the expiry fields together: a start or an end while expiring, the end
  // after the start; without expiry both are dropped. Work weeks and holidays are lists of rows.
  calendars: {
    holds: (b) => {
      if (b.expires) b.endAt = (b.startAt as number) + 86_400_000;
      else {
        delete b.startAt;
        delete b.endAt;
      }
    },
    rules: [
      {
        rule: 'work ranges of one day do not overlap',
        change: {
          accepts: [
            { day: 1, startTimeOfDay: 540, endTimeOfDay: 720 },
            { day: 2, startTimeOfDay: 600, endTimeOfDay: 900 },
            { day: 1, startTimeOfDay: 600, endTimeOfDay: 900 },
          ],
        },
        field: 'accepts.2.startTimeOfDay',
        message: messages.rangeOverlap,
      },
      {
        rule: 'work range starts before it ends',
        change: { accepts: [{ day: 2, startTimeOfDay: 900, endTimeOfDay: 600 }] },
        field: 'accepts.0.endTimeOfDay',
        message: messages.timeOrder,
      },
      {
        rule: 'work day 0-6',
        change: { accepts: [{ day: 7, startTimeOfDay: 0, endTimeOfDay: 60 }] },
        field: 'accepts.0.day',
        message: `${messages.max} 6`,
      },
      {
        rule: 'holiday needs a date',
        change: { excepts: [{ name: 'Day off' }] },
        field: 'excepts.0.date',
        message: messages.required,
      },
      {
        rule: 'holiday needs a name',
        change: { excepts: [{ name: '', date: '2026-05-01' }] },
        field: 'excepts.0.name',
        message: messages.required,
      },
      {
        rule: 'holiday date is a date',
        change: { excepts: [{ name: 'X', date: '2026-02-30' }] },
        field: 'excepts.0.date',
        message: messages.date,
      },
      {
        rule: 'expiring needs a start or an end',
        change: { expires: true, startAt: null, endAt: null },
        field: 'startAt',
        message: messages.required,
      },
      {
        rule: 'end after start',
        change: { expires: true, startAt: 2000, endAt: 1000 },
        field: 'endAt',
        message: messages.dateOrder,
      },
    ],
  },
  // Flow documents are checked by the server's parser, not a schema shape.
  flows: {
    rules: [
      { rule: 'schema text is JSON', change: { schema: '[{"answer": ' }, field: 'schema', message: messages.json },
      { rule: 'schema is an array or object', change: { schema: 42 }, field: 'schema', message: messages.json },
    ],
  },
  // Object classes are the domain's, not created: the access suite patches the first one and
  // does not undo it, so the patch leaves class checks on, as every other suite expects.
  objclass: { patch: { obac: true } },
  // One config per object (a unique option): the suites delete them before each test.
  loggerConfig: { exclusive: true },
  // The column mappings are a nested object the generator leaves out.
  importTemplates: {
    given: {
      parameters: () => ({
        charset: 'utf-8',
        separator: ',',
        skipHeaders: true,
        clearMembers: false,
        mappings: { name: 'name', destination: ['phone'], code: ['type'] },
      }),
    },
    rules: [
      {
        rule: 'name mapping required',
        change: { parameters: { mappings: { destination: ['a'], code: ['b'] } } },
        field: 'parameters.mappings.name',
        message: messages.required,
      },
    ],
  },
  // An enabled trigger would run its flow while a suite looks: bodies keep it off. The cron text
  // (a refined text no generated shape fits) and the flow's type are the server's checks.
  triggers: {
    holds: (b) => {
      b.enabled = false;
    },
    given: { expression: (turn) => (turn % 2 ? '0 30 * * * *' : '0 0 * * * *') },
    prepare: async (s, token) => {
      suiteFlows.voice = await makeFlow(s, token, 'voice');
    },
    rules: [
      { rule: 'cron expression', change: { expression: '0 61 * * * *' }, field: 'expression', message: messages.cron },
      {
        rule: 'cron with seconds (six fields)',
        change: { expression: '*/5 * * * *' },
        field: 'expression',
        message: messages.cron,
      },
      {
        rule: 'flow of type service',
        change: () => ({ schema: { id: suiteFlows.voice } }),
        field: 'schema',
        message: 'The flow must be of type service.',
      },
    ],
  },
  // The server checks the two capacities together (queueSkillProblems): bodies keep min <= max.
  queueSkills: {
    holds: (b) => {
      if ((b.minCapacity as number) > (b.maxCapacity as number))
        [b.minCapacity, b.maxCapacity] = [b.maxCapacity, b.minCapacity];
    },
    rules: [
      {
        rule: 'min capacity at most the max (on the min)',
        change: { minCapacity: 50, maxCapacity: 20 },
        field: 'minCapacity',
        message: messages.skillCapacityMin,
      },
      {
        rule: 'max capacity at least the min (on the max)',
        change: { minCapacity: 50, maxCapacity: 20 },
        field: 'maxCapacity',
        message: messages.skillCapacityMax,
      },
    ],
  },
  // The server refuses a reserve that is the resource itself.
  resourceGroupResources: {
    rules: [
      {
        rule: 'reserve differs from the resource',
        change: (b) => ({ reserveResource: b.resource }),
        field: 'reserveResource',
        message: messages.reserveSame,
      },
    ],
  },
  // A list of texts the generator leaves out.
  queueHooks: {
    rules: [
      {
        rule: 'property names not empty',
        change: { properties: [' '] },
        field: 'properties.0',
        message: messages.required,
      },
    ],
  },
  // The phone rule's length bound (the generated case breaks its characters).
  blacklistNumbers: {
    rules: [
      {
        rule: 'number not too long',
        change: { number: '+1234567890123456' },
        field: 'number',
        message: messages.phone,
      },
    ],
  },
  // Creating another user's token needs this permission besides the users class rights.
  tokens: { permissions: ['changeUserPassword'] },
  // Communications are a list of objects each naming a communication type (not a declared
  // reference): given here, with the list's rules.
  queueMembers: {
    prepare: async (s, token) => {
      let byToken = memberTypes.get(s);
      if (!byToken) {
        byToken = new Map();
        memberTypes.set(s, byToken);
      }
      let id = byToken.get(token);
      if (!id) {
        id = await makeCommunication(s, token);
        byToken.set(token, id);
      }
      memberType = id;
    },
    given: { communications: () => [communication()] },
    rules: [
      {
        rule: 'a communication required',
        change: { communications: [] },
        field: 'communications',
        message: messages.requiredArray,
      },
      {
        rule: 'at most 20 communications',
        change: () => ({
          communications: Array.from({ length: MEMBER_COMMUNICATIONS_MAX + 1 }, () => communication()),
        }),
        field: 'communications',
        message: messages.communicationsMax,
      },
      {
        rule: 'destination required',
        change: () => ({ communications: [communication({ destination: '' })] }),
        field: 'communications.0.destination',
        message: messages.required,
      },
      {
        rule: 'dtmf digits only',
        change: () => ({ communications: [communication({ dtmf: '1a#' })] }),
        field: 'communications.0.dtmf',
        message: messages.dtmfDigits,
      },
    ],
  },
  // The access list is a list of rows the generator leaves out.
  sipGateways: {
    rules: [
      {
        rule: 'ACL row needs an IP',
        change: { register: false, ipacl: [{ ip: '' }] },
        field: 'ipacl.0.ip',
        message: messages.required,
      },
      {
        rule: 'ACL IP is IPv4',
        change: { register: false, ipacl: [{ ip: '1.2.3.4' }, { ip: '300.1.1.1' }] },
        field: 'ipacl.1.ip',
        message: messages.ipv4,
      },
    ],
  },
  roles: { rules: [{ rule: 'permission known', change: { permissions: ['fly'] }, field: 'permissions.0' }] },
  resources: {
    rules: [
      {
        rule: 'error ids are SIP codes or ranges',
        change: { errorIds: ['503', '600-500'] },
        field: 'errorIds.1',
        message: messages.sipErrorCode,
      },
      {
        rule: 'patterns of digits',
        change: { patterns: ['+38(0)'] },
        field: 'patterns.0',
        message: RESOURCE_PATTERN_INVALID,
      },
      { rule: 'caller id type known', change: { parameters: { cidType: 'smoke' } }, field: 'parameters.cidType' },
    ],
  },
  resourceGroups: {
    rules: [
      { rule: 'time ranges not empty', change: { time: [] }, field: 'time', message: messages.requiredArray },
      {
        rule: 'time range starts before it ends',
        change: { time: [{ startTimeOfDay: 900, endTimeOfDay: 600 }] },
        field: 'time.0.endTimeOfDay',
        message: messages.timeOrder,
      },
      {
        rule: 'time ranges do not overlap',
        change: {
          time: [
            { startTimeOfDay: 540, endTimeOfDay: 720 },
            { startTimeOfDay: 700, endTimeOfDay: 800 },
          ],
        },
        field: 'time.1.startTimeOfDay',
        message: messages.timeRangesOverlap,
      },
      {
        rule: 'time within the day',
        change: { time: [{ startTimeOfDay: 0, endTimeOfDay: 1441 }] },
        field: 'time.0.endTimeOfDay',
        message: `${messages.max} 1440`,
      },
    ],
  },
};

/** Whether the resource's fixture is generated (its values take turns against creation order). */
export const isGenerated = (def: ResourceDef) => !!cache.get(def.name) && fixtureOf(def) === cache.get(def.name);

const cache = new Map<string, Fixture | null>();
function generated(def: ResourceDef): Fixture | null {
  if (!cache.has(def.name)) {
    const binding = SERVER_RESOURCES.find((r) => r.compiled.def.name === def.name)?.compiled.binding;
    const served = { unique: new Set(Object.values(binding?.unique ?? {})) };
    cache.set(def.name, generatedFixture(def, fixtureOf, served, HAND[def.name]));
  }
  return cache.get(def.name) ?? null;
}
