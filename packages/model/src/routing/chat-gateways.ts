import { z } from 'zod';
import { messages } from '../messages.js';
import { defineResource, ref } from '../resource.js';
import { oneOf, optionalText, recordId, refOutput, required } from '../validation.js';
import { flows } from './flows.js';
import { webchatProblems } from './webchat.js';

export const CHAT_PROVIDERS = [
  'telegram',
  'gotd',
  'messenger',
  'viber',
  'webchat',
  'infobip',
  'infobip_whatsapp',
] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

/** A new gateway's uri: "/" and 31 random lowercase letters (spec part 1 section 9). */
export const CHAT_URI_RANDOM_LENGTH = 31;
export const CHAT_URI_MIN = 3;
export const VIBER_BTN_BACK_COLOR = '#1d2733';
export const VIBER_BTN_FONT_COLOR = '#ffffff';
/** Viber colours are stored under dotted keys (spec part 1 section 3). */
export const VIBER_BACK_COLOR_KEY = 'btn.back.color';
export const VIBER_FONT_COLOR_KEY = 'btn.font.color';

/** Metadata each provider cannot work without (REFERENCE "Required fields per form"). */
export const CHAT_PROVIDER_REQUIRED: Record<ChatProvider, readonly string[]> = {
  telegram: ['token'],
  gotd: ['apiId', 'apiHash'],
  messenger: ['clientId', 'clientSecret'],
  viber: ['token'],
  webchat: [],
  infobip: ['apiKey', 'url'],
  infobip_whatsapp: ['apiKey', 'url'],
};

/**
 * Provider settings that are secrets: written, never answered (the item lists which are set in
 * `secretsSet`); an empty or absent one on update keeps the stored value.
 */
export const CHAT_SECRET_KEYS = ['token', 'apiHash', 'clientSecret', 'apiKey'] as const;

/** Messenger flags travel as text booleans. */
export const MESSENGER_FLAGS = ['instagramComments', 'instagramMentions'] as const;

export function randomChatUri(random: (n: number) => number = (n) => Math.floor(Math.random() * n)): string {
  let out = '/';
  for (let i = 0; i < CHAT_URI_RANDOM_LENGTH; i++) out += String.fromCharCode(97 + random(26));
  return out;
}

/** A path of the public endpoint: starts with "/", no spaces, query or fragment. */
const URI_PATH = /^\/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$/;

const flowRef = z.object({ id: recordId() }, { error: messages.required });

const updates = z
  .object({ title: optionalText(), close: optionalText(), join: optionalText(), left: optionalText() })
  .default({ title: '', close: '', join: '', left: '' });

const chatGatewayInput = z.object({
  name: required(),
  /** Empty or absent on create: the server makes one (see `randomChatUri`). */
  uri: z
    .string()
    .trim()
    .refine((v) => v === '' || v.length >= CHAT_URI_MIN, { error: `${messages.min} ${CHAT_URI_MIN}` })
    .refine((v) => v === '' || URI_PATH.test(v), { error: messages.uriPath })
    .default(''),
  flow: flowRef,
  provider: oneOf(CHAT_PROVIDERS),
  enabled: z.boolean().default(false),
  metadata: z.record(z.string(), z.string({ error: 'Should be text' })).default({}),
  updates,
});
export type ChatGatewayInput = z.output<typeof chatGatewayInput>;

export const chatGatewayItem = z.object({
  id: z.number(),
  name: z.string(),
  uri: z.string(),
  flow: refOutput(),
  provider: z.enum(CHAT_PROVIDERS),
  enabled: z.boolean(),
  metadata: z.record(z.string(), z.string()),
  /** The secret settings (CHAT_SECRET_KEYS) that hold a value; their values are never answered. */
  secretsSet: z.array(z.string()),
  updates: z.object({ title: z.string(), close: z.string(), join: z.string(), left: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * What the provider's settings need, on the record as it will be stored: required keys,
 * messenger flags as "true"/"false", viber colours, web chat shapes. `uri` may be empty only on
 * create (the server fills it).
 */
export function chatGatewayProblems(
  v: Pick<ChatGatewayInput, 'provider' | 'metadata'>,
  /** Secrets stored already: a required one left empty keeps its value. */
  secretsSet: readonly string[] = [],
) {
  const out: { field: string; message: string }[] = [];
  const m = v.metadata;
  for (const key of CHAT_PROVIDER_REQUIRED[v.provider] ?? []) {
    if (!m[key]?.trim() && !secretsSet.includes(key))
      out.push({ field: `metadata.${key}`, message: messages.required });
  }
  if (v.provider === 'messenger') {
    for (const key of MESSENGER_FLAGS) {
      if (m[key] !== undefined && m[key] !== 'true' && m[key] !== 'false') {
        out.push({ field: `metadata.${key}`, message: 'Should be true or false' });
      }
    }
  }
  if (v.provider === 'gotd' && m.apiId && !/^\d+$/.test(m.apiId)) {
    out.push({ field: 'metadata.apiId', message: messages.numeric });
  }
  if (v.provider === 'webchat') out.push(...webchatProblems(m));
  return out;
}

/** Defaults a provider's settings start from in the form. */
export function defaultProviderMetadata(provider: ChatProvider): Record<string, string> {
  switch (provider) {
    case 'viber':
      return {
        token: '',
        botName: '',
        [VIBER_BACK_COLOR_KEY]: VIBER_BTN_BACK_COLOR,
        [VIBER_FONT_COLOR_KEY]: VIBER_BTN_FONT_COLOR,
      };
    case 'messenger':
      return { clientId: '', clientSecret: '', instagramComments: 'false', instagramMentions: 'false' };
    default:
      return Object.fromEntries((CHAT_PROVIDER_REQUIRED[provider] ?? []).map((k) => [k, '']));
  }
}

export const chatGateways = defineResource({
  name: 'chatGateways',
  path: '/chat/bots',
  objClass: 'chats',
  area: 'routing',
  route: '/routing/chat-gateways',
  input: chatGatewayInput,
  item: chatGatewayItem,
  fields: [
    'id',
    'name',
    'uri',
    'flow',
    'provider',
    'enabled',
    'metadata',
    'secretsSet',
    'updates',
    'createdAt',
    'updatedAt',
  ],
  listFields: ['id', 'name', 'uri', 'provider', 'flow', 'enabled'],
  search: ['name'],
  sort: ['id', 'name', 'uri', 'provider', 'enabled', 'createdAt', 'updatedAt'],
  defaultSort: '+name',
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'provider', sort: 'provider' },
    { field: 'uri', sort: 'uri' },
    { field: 'flow', kind: 'ref' },
    { field: 'enabled', kind: 'toggle', patch: (enabled) => ({ enabled }), sort: 'enabled' },
  ],
  recordAcl: false,
  refs: { flow: ref(() => flows, { filter: { type: 'chat' } }) },
  logObject: 'chat_gateways',
  ops: { create: true, update: true, patch: true, delete: true },
});

/** Graph pages of a messenger gateway, as `GET {uri}?pages=` answers them. */
export const chatPage = z.object({
  id: z.string(),
  name: z.string(),
  subscribed: z.boolean(),
  instagram: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type ChatPage = z.output<typeof chatPage>;
