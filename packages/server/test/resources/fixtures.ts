import {
  chatGateways,
  devices,
  MEMBER_COMMUNICATIONS_MAX,
  messages,
  RESOURCE_PATTERN_INVALID,
  type ResourceDef,
  users,
} from '@switchboard/model';
import { SERVER_RESOURCES } from '../../src/resources/index.js';
import { AGENT_FIXTURES } from './agent-fixtures.js';
import { makeFlow, suiteFlows } from './fixture-flows.js';
import { makeCommunication } from './fixtures-cc-resources.js';
import { QUEUE_SUBLIST_FIXTURES } from './fixtures-queue-sublists.js';
import { TRIGGER_FIXTURES } from './fixtures-triggers.js';
import { generatedFixture, type HandRules } from './generated-fixtures.js';
import { NESTED_FIXTURES } from './nested-fixtures.js';

export type { Fixture, InvalidCase } from './fixture-types.js';

import type { TestServer } from '../harness.js';

import type { Fixture } from './fixture-types.js';

/**
 * The fixtures of the resources hand tests make records of (users, devices, chat gateways):
 * generated, like every resource whose rules its definition and HAND can say, but instances of
 * their own that no suite prepares, so that their bodies leave optional references out. The
 * test files share one module (`isolate: false`): the generated suites' instance refers to the
 * records its last prepare step made, on another server or in another domain.
 */
export const FIXTURES = {
  get users() {
    return made(users);
  },
  get devices() {
    return made(devices);
  },
  get chatGateways() {
    return made(chatGateways);
  },
};

const handMade = new Map<string, Fixture | null>();
/** The hand tests' fixture of a resource that creates and replaces records (never prepared). */
const made = (def: ResourceDef) => {
  if (!handMade.has(def.name)) handMade.set(def.name, build(def));
  const fx = handMade.get(def.name);
  if (!fx?.create) throw new Error(`${def.name}: no generated fixture creates records`);
  return fx as Fixture & Required<Pick<Fixture, 'create' | 'update' | 'patch'>>;
};

/**
 * The fixture of a resource: a hand-written one, a nested one's, or one generated from the
 * schemas of a simple resource (which then needs none written here).
 */
export function fixtureOf(def: ResourceDef): Fixture {
  const fx =
    NESTED_FIXTURES[def.name] ??
    AGENT_FIXTURES[def.name] ??
    TRIGGER_FIXTURES[def.name] ??
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
  // Setting another user's password (a full update sends one) needs this permission; variables
  // are a map the generator leaves out. Users made stay active: hand tests sign in with them.
  users: {
    permissions: ['changeUserPassword'],
    holds: (b) => {
      b.state = true;
    },
    rules: [
      {
        rule: 'variable value required',
        change: { profile: { key: '' } },
        field: 'profile.key',
        message: messages.required,
      },
    ],
  },
  // A hotdesk device's account is the server's (bodies keep hotdesk off, so the account they send
  // is the one stored); the account is the server's check (required unless hotdesk), hotdesk
  // hosts a list of texts.
  devices: {
    // A new account needs the password again (the credential is bound to it): the partial change
    // leaves the account alone.
    patch: { brand: 'patched' },
    holds: (b) => {
      b.hotdesk = false;
    },
    rules: [
      { rule: 'account required', change: { account: '' }, field: 'account', message: messages.required },
      {
        rule: 'hotdesk host name',
        change: { hotdesk: true, hotdesks: ['pc-01', 'bad host!'] },
        field: 'hotdesks.1',
        message: messages.hostName,
      },
    ],
  },
  // Web chat's typed settings are checked by its variant's function (webchatProblems).
  chatGateways: {
    rules: [
      ['readTimeout at least 30', { readTimeout: '29s', writeTimeout: '1s' }, 'readTimeout', `${messages.min} 30`],
      ['writeTimeout at most 300', { readTimeout: '30s', writeTimeout: '301s' }, 'writeTimeout', `${messages.max} 300`],
      ['view is JSON text', { readTimeout: '30s', writeTimeout: '1s', view: '{nope' }, 'view', messages.json],
    ].map(([rule, metadata, key, message]) => ({
      rule: `webchat: ${rule}`,
      change: {
        provider: 'webchat',
        metadata: { handshakeTimeout: '10s', mediaMaxSize: '1', ...(metadata as Record<string, string>) },
      },
      field: `metadata.${key}`,
      message: message as string,
    })),
  },
  // The user is a reference the server checks (its picker a lookup of users who are no agents
  // yet, so the definition does not declare it); an agent is found by its user's name.
  agents: { refs: { user: () => users }, searchRef: 'user' },
  // A queue keeps its type (queueTypeFixed): bodies take the first, a variant's body its own.
  queues: { fixed: ['type'] },
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
  if (!cache.has(def.name)) cache.set(def.name, build(def));
  return cache.get(def.name) ?? null;
}

/** A new generated fixture of a resource. */
function build(def: ResourceDef): Fixture | null {
  const binding = SERVER_RESOURCES.find((r) => r.compiled.def.name === def.name)?.compiled.binding;
  const served = { unique: new Set(Object.values(binding?.unique ?? {})) };
  return generatedFixture(def, fixtureOf, served, HAND[def.name]);
}
