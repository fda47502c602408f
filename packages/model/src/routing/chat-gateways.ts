import { z } from 'zod';
import { BY_NAME_AND_TIME, col, NAME_COLUMN, resource, settingSecrets, sorted } from '../define.js';
import { messages } from '../messages.js';
import {
  type FormDef,
  type FormField,
  type FormFieldKind,
  formTabs,
  ref,
  type VariantDef,
  type VariantsDef,
} from '../resource.js';
import { oneOf, optionalText, recordId, refOutput, required, textSettings, timestamps } from '../validation.js';
import { flows } from './flows.js';
import { defaultWebchat, webchatProblems, webchatToMetadata } from './webchat.js';

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
  metadata: textSettings(),
  updates,
});

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
  ...timestamps(),
});

/** A provider's setting on its settings tab: a key of the stored text map. */
const setting = (key: string, kind: FormFieldKind = 'text', required = false): FormField => ({
  field: `metadata.${key}`,
  kind,
  required,
  // i18n keys cannot hold dots: `btn.back.color` is `btn_back_color`.
  label: `chatGateways.settings.${key.replace(/\./g, '_')}`,
});

/** The settings tab of a provider; what it marks required, the variant requires. */
const settingsTab = (...fields: FormField[]): FormDef => ({ tabs: [{ key: 'settings', fields }] });
const requiredOf = (form: FormDef) =>
  formTabs(form).flatMap((tab) => tab.fields.filter((f) => f.required).map((f) => f.field));

/** One provider: its settings (REFERENCE "Required fields per form"), defaults and checks. */
function provider(key: ChatProvider, form: FormDef | null, more: Omit<VariantDef, 'key' | 'value'> = {}): VariantDef {
  return { key, value: key, ...(form ? { form, required: requiredOf(form) } : {}), ...more };
}

const textBoolean = z.enum(['true', 'false'], { error: 'Should be true or false' }).optional();

/**
 * The provider is the discriminator. Settings live in the text map `metadata`; each provider's
 * declares which keys it needs, the defaults a new gateway gets and the formats it checks, on the
 * record as it will be stored (so a PATCH of the provider alone cannot leave its settings missing).
 */
const chatVariants: VariantsDef = {
  field: 'provider',
  secrets: settingSecrets('metadata', CHAT_SECRET_KEYS),
  cases: [
    provider('telegram', settingsTab(setting('token', 'password', true))),
    provider('gotd', settingsTab(setting('apiId', 'text', true), setting('apiHash', 'password', true)), {
      schema: z.object({
        metadata: z.looseObject({
          apiId: z
            .string()
            .refine((v) => v === '' || /^\d+$/.test(v), { error: messages.numeric })
            .optional(),
        }),
      }),
    }),
    provider(
      'messenger',
      settingsTab(
        setting('clientId', 'text', true),
        setting('clientSecret', 'password', true),
        ...MESSENGER_FLAGS.map((k) => setting(k, 'switch')),
      ),
      {
        defaults: { metadata: Object.fromEntries(MESSENGER_FLAGS.map((k) => [k, 'false'])) },
        schema: z.object({
          metadata: z.looseObject(Object.fromEntries(MESSENGER_FLAGS.map((k) => [k, textBoolean]))),
        }),
      },
    ),
    provider(
      'viber',
      settingsTab(
        setting('token', 'password', true),
        setting('botName'),
        setting(VIBER_BACK_COLOR_KEY, 'color'),
        setting(VIBER_FONT_COLOR_KEY, 'color'),
      ),
      {
        defaults: {
          metadata: { [VIBER_BACK_COLOR_KEY]: VIBER_BTN_BACK_COLOR, [VIBER_FONT_COLOR_KEY]: VIBER_BTN_FONT_COLOR },
        },
      },
    ),
    // Web chat has tabs of its own in the console (typed settings, see webchat.ts).
    provider('webchat', null, {
      defaults: { metadata: webchatToMetadata(defaultWebchat()) },
      check: (record) => webchatProblems((record.metadata ?? {}) as Record<string, string>),
    }),
    provider('infobip', settingsTab(setting('apiKey', 'password', true), setting('url', 'text', true))),
    provider('infobip_whatsapp', settingsTab(setting('apiKey', 'password', true), setting('url', 'text', true))),
  ],
};

/**
 * The settings a provider starts from in the form: each of its settings empty, then its defaults
 * (web chat's typed settings start from `defaultWebchat`).
 */
export function providerMetadata(key: ChatProvider): Record<string, string> {
  const variant = chatVariants.cases.find((c) => c.key === key);
  const fields = variant?.form ? formTabs(variant.form).flatMap((tab) => tab.fields) : [];
  return {
    ...Object.fromEntries(fields.map((f) => [f.field.slice('metadata.'.length), ''])),
    ...(variant?.defaults?.metadata as Record<string, string> | undefined),
  };
}

export const chatGateways = resource({
  name: 'chatGateways',
  path: '/chat/bots',
  objClass: 'chats',
  area: 'routing',
  input: chatGatewayInput,
  item: chatGatewayItem,
  listFields: ['id', 'name', 'uri', 'provider', 'flow', 'enabled'],
  ...BY_NAME_AND_TIME,
  columns: [NAME_COLUMN, sorted('provider'), sorted('uri'), col('flow', 'ref'), sorted('enabled', 'toggle')],
  refs: { flow: ref(() => flows, { filter: { type: 'chat' } }) },
  logObject: 'chat_gateways',
  variants: chatVariants,
});

/** Graph pages of a messenger gateway, as `GET {uri}?pages=` answers them. */
export const chatPage = z.object({
  id: z.string(),
  name: z.string(),
  subscribed: z.boolean(),
  instagram: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type ChatPage = z.output<typeof chatPage>;
