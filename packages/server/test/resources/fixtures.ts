import {
  INVALID_REGEX_MESSAGE,
  LOGGABLE_OBJECTS,
  messages,
  type ResourceDef,
  TIMEZONE_UNKNOWN,
} from '@switchboard/model';
import type { TestServer } from '../harness.js';
import { AGENT_FIXTURES } from './agent-fixtures.js';
import { CC_RESOURCE_FIXTURES } from './fixtures-cc-resources.js';
import { IMPORT_TEMPLATE_FIXTURES } from './fixtures-import-templates.js';
import { QUEUE_MEMBER_FIXTURES } from './fixtures-queue-members.js';
import { QUEUE_SUBLIST_FIXTURES } from './fixtures-queue-sublists.js';
import { QUEUE_FIXTURES } from './fixtures-queues.js';
import { TRIGGER_FIXTURES } from './fixtures-triggers.js';
import { generatedFixture } from './generated-fixtures.js';
import { scramble, unique } from './helpers.js';
import { NESTED_FIXTURES } from './nested-fixtures.js';

export type { Fixture, InvalidCase } from './fixture-types.js';

import type { Fixture } from './fixture-types.js';

/** A flow of the given type in the token's domain, for rules that run one. */
async function makeFlow(s: TestServer, token: string, type: string): Promise<number> {
  const res = await s.request('POST', '/api/routing/schema', {
    token,
    body: { name: unique(`fixture ${type} `), type, schema: [{ answer: {} }] },
  });
  if (res.status !== 201) throw new Error(`flow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

let voiceFlow = 0;
let chatFlow = 0;
let serviceFlow = 0;
/** The chat flow of the suite as a body's `flow`, read when the body is sent (after prepare made it). */
const withChatFlow = (body: Record<string, unknown>) =>
  Object.defineProperty(body, 'flow', { enumerable: true, get: () => ({ id: chatFlow }) });

let phones = 0;
/** A phone number no other call of this run has. */
const phone = () => `+3${String(scramble(++phones)).padStart(5, '0')}${String(phones).padStart(6, '0')}`;

let object = 0;
const nextObject = () => LOGGABLE_OBJECTS[object++ % LOGGABLE_OBJECTS.length];

const BERLIN = { name: 'Europe/Berlin', offset: '+01:00' };

export const FIXTURES = {
  calendars: {
    create: (prefix) => ({
      name: unique(prefix),
      description: 'made by a test',
      timezone: BERLIN,
      accepts: [
        { day: 0, startTimeOfDay: 540, endTimeOfDay: 780 },
        { day: 0, startTimeOfDay: 840, endTimeOfDay: 1200 },
      ],
      excepts: [{ name: 'New Year', date: '2026-01-01', repeat: true }],
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({
      name: unique(prefix),
      description: 'replaced',
      timezone: { name: 'UTC' },
      expires: true,
      startAt: 1767225600000,
      endAt: 1798761600000,
    }),
    patch: { name: unique('patched') },
    untouched: 'description',
    invalid: [
      { rule: 'name required', body: { name: '', timezone: BERLIN }, field: 'name', message: messages.required },
      { rule: 'timezone required', body: { name: unique('tz') }, field: 'timezone', message: messages.required },
      {
        rule: 'timezone known',
        body: { name: unique('tk'), timezone: { name: 'Mars/Olympus' } },
        field: 'timezone',
        message: TIMEZONE_UNKNOWN,
      },
      {
        rule: 'work ranges of one day do not overlap',
        body: {
          name: unique('ov'),
          timezone: BERLIN,
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
        body: { name: unique('se'), timezone: BERLIN, accepts: [{ day: 2, startTimeOfDay: 900, endTimeOfDay: 600 }] },
        field: 'accepts.0.endTimeOfDay',
        message: messages.timeOrder,
      },
      {
        rule: 'work day 0-6',
        body: { name: unique('dy'), timezone: BERLIN, accepts: [{ day: 7, startTimeOfDay: 0, endTimeOfDay: 60 }] },
        field: 'accepts.0.day',
        message: `${messages.max} 6`,
      },
      {
        rule: 'holiday needs a date',
        body: { name: unique('hd'), timezone: BERLIN, excepts: [{ name: 'Day off' }] },
        field: 'excepts.0.date',
        message: messages.required,
      },
      {
        rule: 'holiday needs a name',
        body: { name: unique('hn'), timezone: BERLIN, excepts: [{ name: '', date: '2026-05-01' }] },
        field: 'excepts.0.name',
        message: messages.required,
      },
      {
        rule: 'holiday date is a date',
        body: { name: unique('hx'), timezone: BERLIN, excepts: [{ name: 'X', date: '2026-02-30' }] },
        field: 'excepts.0.date',
        message: messages.date,
      },
      {
        rule: 'expiring needs a start or an end',
        body: { name: unique('ex'), timezone: BERLIN, expires: true },
        field: 'startAt',
        message: messages.required,
      },
      {
        rule: 'end after start',
        body: { name: unique('eo'), timezone: BERLIN, expires: true, startAt: 2000, endAt: 1000 },
        field: 'endAt',
        message: messages.dateOrder,
      },
    ],
  },
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
  roles: {
    // No permissions: the generated access suite's actors hold none, and nobody grants more than they hold.
    create: (prefix) => ({ name: unique(prefix), description: 'made by a test', permissions: [] }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({ name: unique(prefix), description: 'replaced', permissions: [] }),
    patch: { name: unique('patched') },
    untouched: 'description',
    invalid: [
      { rule: 'name required', body: { name: '' }, field: 'name', message: messages.required },
      { rule: 'name missing', body: { description: 'x' }, field: 'name', message: messages.required },
      { rule: 'permission known', body: { name: unique('p'), permissions: ['fly'] }, field: 'permissions.0' },
    ],
  },
  objclass: {
    create: () => ({}),
    searchValue: () => '',
    update: () => ({ obac: true, rbac: false }),
    // The access suite patches the first class (acr_routing by name) and does not undo it: leave
    // class checks on, as every other suite expects.
    patch: { obac: true },
    untouched: 'rbac',
    invalid: [{ rule: 'obac is a flag', body: { obac: 'yes' }, field: 'obac' }],
  },
  loggerConfig: {
    // Days vary against the order of creation, so sorting by them is seen to work.
    create: () => ({ object: nextObject(), daysToStore: 1 + (scramble(object) % 300), description: 'test config' }),
    searchValue: (b) => b.object as string,
    update: () => ({ object: nextObject(), enabled: false, daysToStore: 9, period: 14, description: 'replaced' }),
    patch: { enabled: true },
    untouched: 'description',
    exclusive: true,
    invalid: [
      { rule: 'object required', body: { daysToStore: 3 }, field: 'object', message: messages.required },
      { rule: 'object known', body: { object: 'spaceships' }, field: 'object', message: messages.required },
      {
        rule: 'daysToStore at least 1',
        body: { object: 'users', daysToStore: 0 },
        field: 'daysToStore',
        message: `${messages.min} 1`,
      },
      {
        rule: 'daysToStore numeric',
        body: { object: 'users', daysToStore: 'x' },
        field: 'daysToStore',
        message: messages.numeric,
      },
    ],
  },
  flows: {
    create: (prefix) => ({
      name: unique(prefix),
      type: 'voice',
      tags: ['fixture', 'voice'],
      schema: [{ answer: {} }, { playback: { files: [{ name: 'hello.wav' }] } }, { hangup: {} }],
      payload: { note: 'made by a test' },
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({ name: unique(prefix), type: 'service', tags: ['replaced'], schema: [], editor: true }),
    patch: { name: unique('patched') },
    untouched: 'type',
    invalid: [
      { rule: 'name required', body: { name: '', schema: [] }, field: 'name', message: messages.required },
      { rule: 'name missing', body: { schema: [] }, field: 'name', message: messages.required },
      {
        rule: 'schema text is JSON',
        body: { name: unique('j'), schema: '[{"answer": ' },
        field: 'schema',
        message: messages.json,
      },
      {
        rule: 'schema is an array or object',
        body: { name: unique('j'), schema: 42 },
        field: 'schema',
        message: messages.json,
      },
      { rule: 'type known', body: { name: unique('t'), type: 'video' }, field: 'type' },
    ],
  },
  dialplan: {
    prepare: async (s, token) => {
      voiceFlow = await makeFlow(s, token, 'voice');
    },
    create: (prefix) => ({
      name: unique(prefix),
      schema: { id: voiceFlow },
      pattern: '^\\+?1\\d{10}$',
      description: 'made by a test',
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({ name: unique(prefix), schema: { id: voiceFlow }, pattern: '^9(\\d+)$', disabled: true }),
    patch: { disabled: true },
    untouched: 'pattern',
    invalid: [
      {
        rule: 'name required',
        body: { name: '', schema: { id: 1 }, pattern: '.' },
        field: 'name',
        message: messages.required,
      },
      { rule: 'flow required', body: { name: unique('f'), pattern: '.' }, field: 'schema', message: messages.required },
      {
        rule: 'pattern required',
        body: { name: unique('p'), schema: { id: 1 } },
        field: 'pattern',
        message: messages.required,
      },
      {
        rule: 'pattern is a regular expression',
        body: { name: unique('r'), schema: { id: 1 }, pattern: '^(12' },
        field: 'pattern',
        message: INVALID_REGEX_MESSAGE,
      },
    ],
  },
  chatplan: {
    prepare: async (s, token) => {
      chatFlow = await makeFlow(s, token, 'chat');
    },
    create: (prefix) => ({ name: unique(prefix), schema: { id: chatFlow }, description: 'made by a test' }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({ name: unique(prefix), schema: { id: chatFlow }, description: 'replaced', enabled: false }),
    patch: { enabled: false },
    untouched: 'description',
    invalid: [
      { rule: 'name required', body: { name: '', schema: { id: 1 } }, field: 'name', message: messages.required },
      { rule: 'flow required', body: { name: unique('f') }, field: 'schema', message: messages.required },
      {
        rule: 'flow is a reference',
        body: { name: unique('f'), schema: { id: 'x' } },
        field: 'schema.id',
        message: messages.idType,
      },
    ],
  },
  sipGateways: {
    create: (prefix) => ({
      name: unique(prefix),
      register: true,
      account: 'sip:1001@pbx.example.com',
      username: '1001',
      password: 'gw-secret',
      proxy: 'pbx.example.com',
      usage: 'outbound',
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({
      name: unique(prefix),
      register: false,
      host: '10.0.0.5',
      proxy: 'sbc.example.com',
      ipacl: [{ ip: '10.0.0.5' }, { ip: '10.0.0.6', proto: 'udp', port: 5060 }],
    }),
    patch: { enable: false },
    untouched: 'usage',
    variants: {
      register: (prefix) => ({
        name: unique(prefix),
        register: true,
        account: 'sip:1002@pbx.example.com',
        password: 'gw-secret',
        proxy: 'pbx.example.com',
      }),
      trunking: (prefix) => ({
        name: unique(prefix),
        register: false,
        host: 'sbc.example.com',
        proxy: '10.0.0.1',
        ipacl: [{ ip: '10.0.0.9' }],
      }),
    },
    invalid: [
      {
        rule: 'name required',
        body: { name: '', register: false, host: '1.2.3.4', proxy: '1.2.3.4' },
        field: 'name',
        message: messages.required,
      },
      {
        rule: 'register: account required',
        body: { name: unique('r'), register: true, password: 'p', proxy: 'pbx.example.com' },
        field: 'account',
        message: messages.required,
      },
      {
        rule: 'register: account a SIP URI',
        body: { name: unique('r'), register: true, account: 'no at sign', password: 'p', proxy: 'pbx.example.com' },
        field: 'account',
        message: messages.sipAccount,
      },
      {
        rule: 'register: password required on create',
        body: { name: unique('r'), register: true, account: '1@pbx.example.com', proxy: 'pbx.example.com' },
        field: 'password',
        message: messages.required,
        on: 'create',
      },
      {
        rule: 'register: expires at least 32',
        body: {
          name: unique('r'),
          register: true,
          account: '1@pbx.example.com',
          password: 'p',
          proxy: 'pbx.example.com',
          expires: 31,
        },
        field: 'expires',
        message: `${messages.min} 32`,
      },
      {
        rule: 'register: expires at most 3600',
        body: {
          name: unique('r'),
          register: true,
          account: '1@pbx.example.com',
          password: 'p',
          proxy: 'pbx.example.com',
          expires: 3601,
        },
        field: 'expires',
        message: `${messages.max} 3600`,
      },
      {
        rule: 'register: proxy host format',
        body: { name: unique('r'), register: true, account: '1@pbx.example.com', password: 'p', proxy: 'bad host!' },
        field: 'proxy',
        message: messages.host,
      },
      {
        rule: 'register: proxy required',
        body: { name: unique('r'), register: true, account: '1@pbx.example.com', password: 'p' },
        field: 'proxy',
        message: messages.required,
      },
      {
        rule: 'trunking: host required',
        body: { name: unique('t'), register: false, proxy: '1.2.3.4' },
        field: 'host',
        message: messages.required,
      },
      {
        rule: 'trunking: host IPv4 or FQDN',
        body: { name: unique('t'), register: false, host: 'not a host', proxy: '1.2.3.4' },
        field: 'host',
        message: messages.host,
      },
      {
        rule: 'trunking: proxy IPv4 or FQDN',
        body: { name: unique('t'), register: false, host: '1.2.3.4', proxy: '1.2.3.4.5..' },
        field: 'proxy',
        message: messages.host,
      },
      {
        rule: 'trunking: ACL row needs an IP',
        body: { name: unique('t'), register: false, host: '1.2.3.4', proxy: '1.2.3.4', ipacl: [{ ip: '' }] },
        field: 'ipacl.0.ip',
        message: messages.required,
      },
      {
        rule: 'trunking: ACL IP is IPv4',
        body: {
          name: unique('t'),
          register: false,
          host: '1.2.3.4',
          proxy: '1.2.3.4',
          ipacl: [{ ip: '1.2.3.4' }, { ip: '300.1.1.1' }],
        },
        field: 'ipacl.1.ip',
        message: messages.ipv4,
      },
    ],
  },
  chatGateways: {
    prepare: async (s, token) => {
      chatFlow = await makeFlow(s, token, 'chat');
    },
    create: (prefix) => ({
      name: unique(prefix),
      flow: { id: chatFlow },
      provider: 'telegram',
      metadata: { token: '123:abc' },
      updates: { title: 'Hello', close: 'Bye', join: 'joined', left: 'left' },
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({
      name: unique(prefix),
      flow: { id: chatFlow },
      provider: 'infobip',
      enabled: true,
      metadata: { apiKey: 'key', url: 'https://api.infobip.example' },
    }),
    patch: { enabled: true },
    untouched: 'provider',
    variants: Object.fromEntries(
      Object.entries({
        telegram: { token: '123:abc' },
        gotd: { apiId: '12345', apiHash: 'hash' },
        messenger: { clientId: 'client', clientSecret: 'secret' },
        viber: { token: 'viber-token', botName: 'bot' },
        webchat: {},
        infobip: { apiKey: 'key', url: 'https://api.infobip.example' },
        infobip_whatsapp: { apiKey: 'key', url: 'https://api.infobip.example' },
      }).map(([provider, metadata]) => [
        provider,
        (prefix: string) => withChatFlow({ name: unique(prefix), provider, metadata }),
      ]),
    ),
    invalid: [
      {
        rule: 'name required',
        body: withChatFlow({ name: '', provider: 'webchat' }),
        field: 'name',
        message: messages.required,
      },
      {
        rule: 'flow required',
        body: { name: unique('c'), provider: 'webchat' },
        field: 'flow',
        message: messages.required,
      },
      {
        rule: 'provider required',
        body: withChatFlow({ name: unique('c') }),
        field: 'provider',
        message: messages.required,
      },
      {
        rule: 'uri of 3 characters or more',
        body: withChatFlow({ name: unique('c'), provider: 'webchat', uri: '/a' }),
        field: 'uri',
        message: `${messages.min} 3`,
      },
      {
        rule: 'telegram: token',
        // On update an empty secret keeps the stored one (secrets are never answered, so never sent back).
        on: 'create',
        body: withChatFlow({ name: unique('c'), provider: 'telegram', metadata: {} }),
        field: 'metadata.token',
        message: messages.required,
      },
      {
        rule: 'gotd: apiId',
        body: withChatFlow({ name: unique('c'), provider: 'gotd', metadata: { apiHash: 'h' } }),
        field: 'metadata.apiId',
        message: messages.required,
      },
      {
        rule: 'gotd: apiHash',
        body: withChatFlow({ name: unique('c'), provider: 'gotd', metadata: { apiId: '1' } }),
        field: 'metadata.apiHash',
        message: messages.required,
      },
      {
        rule: 'messenger: clientId',
        body: withChatFlow({ name: unique('c'), provider: 'messenger', metadata: { clientSecret: 's' } }),
        field: 'metadata.clientId',
        message: messages.required,
      },
      {
        rule: 'messenger: clientSecret',
        body: withChatFlow({ name: unique('c'), provider: 'messenger', metadata: { clientId: 'c' } }),
        field: 'metadata.clientSecret',
        message: messages.required,
      },
      {
        rule: 'viber: token',
        // On update an empty secret keeps the stored one (secrets are never answered, so never sent back).
        on: 'create',
        body: withChatFlow({ name: unique('c'), provider: 'viber', metadata: { botName: 'b' } }),
        field: 'metadata.token',
        message: messages.required,
      },
      {
        rule: 'infobip: apiKey',
        body: withChatFlow({ name: unique('c'), provider: 'infobip', metadata: { url: 'https://x' } }),
        field: 'metadata.apiKey',
        message: messages.required,
      },
      {
        rule: 'infobip: url',
        body: withChatFlow({ name: unique('c'), provider: 'infobip', metadata: { apiKey: 'k' } }),
        field: 'metadata.url',
        message: messages.required,
      },
      {
        rule: 'infobip_whatsapp: apiKey',
        body: withChatFlow({ name: unique('c'), provider: 'infobip_whatsapp', metadata: { url: 'https://x' } }),
        field: 'metadata.apiKey',
        message: messages.required,
      },
      {
        rule: 'webchat: readTimeout at least 30',
        body: withChatFlow({
          name: unique('c'),
          provider: 'webchat',
          metadata: { readTimeout: '29s', writeTimeout: '1s', handshakeTimeout: '10s', mediaMaxSize: '1' },
        }),
        field: 'metadata.readTimeout',
        message: `${messages.min} 30`,
      },
      {
        rule: 'webchat: writeTimeout at most 300',
        body: withChatFlow({
          name: unique('c'),
          provider: 'webchat',
          metadata: { readTimeout: '30s', writeTimeout: '301s', handshakeTimeout: '10s', mediaMaxSize: '1' },
        }),
        field: 'metadata.writeTimeout',
        message: `${messages.max} 300`,
      },
      {
        rule: 'webchat: view is JSON text',
        body: withChatFlow({
          name: unique('c'),
          provider: 'webchat',
          metadata: {
            readTimeout: '30s',
            writeTimeout: '1s',
            handshakeTimeout: '10s',
            mediaMaxSize: '1',
            view: '{nope',
          },
        }),
        field: 'metadata.view',
        message: messages.json,
      },
    ],
  },
  cognitiveProfiles: {
    create: (prefix) => ({
      name: unique(prefix),
      provider: 'microsoft',
      service: 'tts',
      description: 'made by a test',
      properties: { key: 'fixture-key', region: 'westeurope', locale: 'en-GB' },
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({
      name: unique(prefix),
      provider: 'google',
      service: 'stt',
      enabled: false,
      description: 'replaced',
      properties: { key: 'other-key', locale: 'ru-RU' },
    }),
    patch: { enabled: false },
    untouched: 'provider',
    variants: {
      microsoft: (prefix) => ({
        name: unique(prefix),
        provider: 'microsoft',
        service: 'stt',
        properties: { key: 'k', region: 'eastus' },
      }),
      google: (prefix) => ({ name: unique(prefix), provider: 'google', service: 'tts', properties: { key: 'k' } }),
    },
    invalid: [
      {
        rule: 'name required',
        body: { name: '', provider: 'google', service: 'tts', properties: { key: 'k' } },
        field: 'name',
        message: messages.required,
      },
      {
        rule: 'provider required',
        body: { name: unique('c'), service: 'tts' },
        field: 'provider',
        message: messages.required,
      },
      {
        rule: 'service one of tts, stt',
        body: { name: unique('c'), provider: 'google', service: 'ivr', properties: { key: 'k' } },
        field: 'service',
        message: `${messages.oneOf} tts, stt`,
      },
      {
        rule: 'microsoft: key',
        on: 'create',
        body: { name: unique('c'), provider: 'microsoft', service: 'tts', properties: { region: 'westeurope' } },
        field: 'properties.key',
        message: messages.required,
      },
      {
        rule: 'microsoft: region',
        body: { name: unique('c'), provider: 'microsoft', service: 'tts', properties: { key: 'k' } },
        field: 'properties.region',
        message: messages.required,
      },
      {
        rule: 'google: key',
        on: 'create',
        body: { name: unique('c'), provider: 'google', service: 'stt', properties: {} },
        field: 'properties.key',
        message: messages.required,
      },
    ],
  },
  emailProfiles: {
    prepare: async (s, token) => {
      serviceFlow = await makeFlow(s, token, 'service');
    },
    create: (prefix) => ({
      name: unique(prefix),
      schema: { id: serviceFlow },
      imapHost: 'imap.example.com',
      smtpHost: 'smtp.example.com',
      login: 'support@example.com',
      password: 'mail-secret',
      description: 'made by a test',
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({
      name: unique(prefix),
      schema: { id: serviceFlow },
      imapHost: '10.0.0.7',
      imapPort: 143,
      smtpHost: 'mail.example.com',
      smtpPort: 465,
      fetchInterval: 300,
      login: 'sales@example.com',
      mailbox: 'Sales',
      enabled: false,
      description: 'replaced',
    }),
    patch: { enabled: false },
    untouched: 'login',
    invalid: [
      {
        rule: 'name required',
        body: { name: '', schema: { id: 1 }, imapHost: 'h', smtpHost: 'h', login: 'l' },
        field: 'name',
        message: messages.required,
      },
      {
        rule: 'flow required',
        body: { name: unique('e'), imapHost: 'h', smtpHost: 'h', login: 'l' },
        field: 'schema',
        message: messages.required,
      },
      {
        rule: 'imap host required',
        body: { name: unique('e'), schema: { id: 1 }, smtpHost: 'h', login: 'l' },
        field: 'imapHost',
        message: messages.required,
      },
      {
        rule: 'smtp host is a host name',
        body: { name: unique('e'), schema: { id: 1 }, imapHost: 'h', smtpHost: 'not a host', login: 'l' },
        field: 'smtpHost',
        message: messages.host,
      },
      {
        rule: 'login required',
        body: { name: unique('e'), schema: { id: 1 }, imapHost: 'h', smtpHost: 'h', login: ' ' },
        field: 'login',
        message: messages.required,
      },
      {
        rule: 'imap port at most 65535',
        body: { name: unique('e'), schema: { id: 1 }, imapHost: 'h', smtpHost: 'h', login: 'l', imapPort: 65536 },
        field: 'imapPort',
        message: `${messages.max} 65535`,
      },
      {
        rule: 'smtp port at least 0',
        body: { name: unique('e'), schema: { id: 1 }, imapHost: 'h', smtpHost: 'h', login: 'l', smtpPort: -1 },
        field: 'smtpPort',
        message: `${messages.min} 0`,
      },
      {
        rule: 'fetch interval at least 10 seconds',
        body: { name: unique('e'), schema: { id: 1 }, imapHost: 'h', smtpHost: 'h', login: 'l', fetchInterval: 5 },
        field: 'fetchInterval',
        message: `${messages.min} 10`,
      },
      {
        rule: 'mailbox not empty',
        body: { name: unique('e'), schema: { id: 1 }, imapHost: 'h', smtpHost: 'h', login: 'l', mailbox: '' },
        field: 'mailbox',
        message: messages.required,
      },
    ],
  },
  storageProfiles: {
    create: (prefix) => ({
      name: unique(prefix),
      type: 'local',
      maxSize: 5,
      expireDays: 10,
      priority: 1,
      properties: { directory: 'files' },
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({
      name: unique(prefix),
      type: 's3',
      maxSize: 20,
      expireDays: 3,
      priority: 2,
      disabled: true,
      properties: {
        keyId: 'AKIAFIXTURE',
        accessKey: 'fixture-secret',
        bucketName: 'records',
        region: 'eu-west-1',
        endpoint: 'https://s3.eu-west-1.amazonaws.com',
      },
    }),
    patch: { disabled: true },
    untouched: 'type',
    variants: {
      local: (prefix) => ({ name: unique(prefix), type: 'local', properties: { directory: 'files' } }),
      s3: (prefix) => ({
        name: unique(prefix),
        type: 's3',
        properties: {
          keyId: 'AKIA1',
          accessKey: 'secret',
          bucketName: 'b',
          region: 'fra1',
          endpoint: 'https://fra1.digitaloceanspaces.com',
        },
      }),
      backblaze: (prefix) => ({
        name: unique(prefix),
        type: 'backblaze',
        properties: { account: 'acc', key: 'k', bucket: 'b', bucketId: 'id1' },
      }),
      dropbox: (prefix) => ({ name: unique(prefix), type: 'dropbox', properties: { token: 't' } }),
      drive: (prefix) => ({
        name: unique(prefix),
        type: 'drive',
        properties: { directory: 'records', email: 'svc@example.com', privateKey: 'pk' },
      }),
    },
    invalid: [
      {
        rule: 'name required',
        body: { name: '', type: 'dropbox', properties: { token: 't' } },
        field: 'name',
        message: messages.required,
      },
      { rule: 'type required', body: { name: unique('s') }, field: 'type', message: messages.required },
      {
        rule: 'maxSize at least 1',
        body: { name: unique('s'), type: 'dropbox', maxSize: 0, properties: { token: 't' } },
        field: 'maxSize',
        message: `${messages.min} 1`,
      },
      {
        rule: 'priority 0 or more',
        body: { name: unique('s'), type: 'dropbox', priority: -1, properties: { token: 't' } },
        field: 'priority',
        message: `${messages.min} 0`,
      },
      {
        rule: 'expireDays numeric',
        body: { name: unique('s'), type: 'dropbox', expireDays: 'x', properties: { token: 't' } },
        field: 'expireDays',
        message: messages.numeric,
      },
      {
        rule: 'local: directory',
        body: { name: unique('s'), type: 'local', properties: {} },
        field: 'properties.directory',
        message: messages.required,
      },
      {
        rule: 's3: keyId',
        on: 'create',
        body: {
          name: unique('s'),
          type: 's3',
          properties: { accessKey: 'a', bucketName: 'b', endpoint: 'https://s3.amazonaws.com' },
        },
        field: 'properties.keyId',
        message: messages.required,
      },
      {
        rule: 'dropbox: token',
        on: 'create',
        body: { name: unique('s'), type: 'dropbox', properties: {} },
        field: 'properties.token',
        message: messages.required,
      },
    ],
  },
  blacklistNumbers: {
    parent: async (s, token) => {
      const res = await s.request('POST', '/api/call_center/list', { token, body: { name: unique('parent') } });
      if (res.status !== 201) throw new Error(`blacklist: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id;
    },
    // Numbers have no letters: the prefix does not show, a fresh number per call does.
    create: () => {
      const number = phone();
      // A different instant per record, so the sort by expireAt has values to order.
      return {
        number,
        description: 'made by a test',
        expireAt: new Date(Date.UTC(2031, 0) + scramble(phones * 13) * 1000).toISOString(),
      };
    },
    searchValue: (b) => b.number as string,
    update: () => ({ number: phone(), description: 'replaced', expireAt: null }),
    patch: {},
    untouched: 'number',
    invalid: [
      { rule: 'number required', body: { number: '' }, field: 'number', message: messages.required },
      { rule: 'number missing', body: { description: 'x' }, field: 'number', message: messages.required },
      { rule: 'number a phone', body: { number: '12-34 ext' }, field: 'number', message: messages.phone },
      { rule: 'number not too long', body: { number: '+1234567890123456' }, field: 'number', message: messages.phone },
      { rule: 'expireAt a date', body: { number: '123', expireAt: 'soon' }, field: 'expireAt' },
    ],
  },
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
    CC_RESOURCE_FIXTURES[def.name] ??
    TRIGGER_FIXTURES[def.name] ??
    QUEUE_FIXTURES[def.name] ??
    QUEUE_SUBLIST_FIXTURES[def.name] ??
    QUEUE_MEMBER_FIXTURES[def.name] ??
    IMPORT_TEMPLATE_FIXTURES[def.name] ??
    generated(def);
  if (!fx) throw new Error(`${def.name}: its schema is not simple enough to generate a fixture; write one`);
  return fx;
}

const cache = new Map<string, Fixture | null>();
function generated(def: ResourceDef): Fixture | null {
  if (!cache.has(def.name)) cache.set(def.name, generatedFixture(def));
  return cache.get(def.name) ?? null;
}
