import { messages } from '@switchboard/model';
import { makeFlow, suiteFlows, withChatFlow } from './fixture-flows.js';
import type { Fixture } from './fixture-types.js';
import { unique } from './helpers.js';

/** SIP and chat gateways. */
export const GATEWAY_FIXTURES = {
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
