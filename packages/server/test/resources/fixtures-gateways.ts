import { messages } from '@switchboard/model';
import { makeFlow, suiteFlows, withChatFlow } from './fixture-flows.js';
import type { Fixture } from './fixture-types.js';
import { unique } from './helpers.js';

/** SIP and chat gateways. */
export const GATEWAY_FIXTURES = {
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
      suiteFlows.chat = await makeFlow(s, token, 'chat');
    },
    create: (prefix) => ({
      name: unique(prefix),
      flow: { id: suiteFlows.chat },
      provider: 'telegram',
      metadata: { token: '123:abc' },
      updates: { title: 'Hello', close: 'Bye', join: 'joined', left: 'left' },
    }),
    searchValue: (b) => b.name as string,
    update: (prefix) => ({
      name: unique(prefix),
      flow: { id: suiteFlows.chat },
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
} satisfies Record<string, Fixture>;
