import { z } from 'zod';
import { answerOf, BY_NAME_AND_TIME, DESCRIPTION_FIELD, NAME_COLUMN, NAME_FIELD, resource, sorted } from '../define.js';
import { messages } from '../messages.js';
import type { FormField, VariantsDef } from '../resource.js';
import { oneOf, optionalText, required, textSettings, timestamps } from '../validation.js';

/** Speech services a cognitive profile reaches: Microsoft Azure AI Speech and Google Cloud. */
export const COGNITIVE_PROVIDERS = ['microsoft', 'google'] as const;
export type CognitiveProvider = (typeof COGNITIVE_PROVIDERS)[number];

/** What a profile does: text-to-speech or speech-to-text. */
export const COGNITIVE_SERVICES = ['tts', 'stt'] as const;
export type CognitiveService = (typeof COGNITIVE_SERVICES)[number];

/** Languages a profile speaks or hears (both providers know these BCP-47 tags). */
export const COGNITIVE_LOCALES = [
  'en-US',
  'en-GB',
  'ru-RU',
  'uk-UA',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'pl-PL',
] as const;
export const COGNITIVE_DEFAULT_LOCALE = 'en-US';

/**
 * The Microsoft voice that speaks each locale (a neural voice of Azure AI Speech); Google picks
 * its default voice for the language code.
 */
export const MICROSOFT_VOICES: Record<(typeof COGNITIVE_LOCALES)[number], string> = {
  'en-US': 'en-US-JennyNeural',
  'en-GB': 'en-GB-SoniaNeural',
  'ru-RU': 'ru-RU-SvetlanaNeural',
  'uk-UA': 'uk-UA-PolinaNeural',
  'de-DE': 'de-DE-KatjaNeural',
  'fr-FR': 'fr-FR-DeniseNeural',
  'es-ES': 'es-ES-ElviraNeural',
  'it-IT': 'it-IT-ElsaNeural',
  'pl-PL': 'pl-PL-ZofiaNeural',
};

/** An Azure region name goes into the service's host name: lowercase letters and digits only. */
const isAzureRegion = (v: string) => /^[a-z][a-z0-9]{1,39}$/.test(v);

/** The cognitive profiles' own validation messages (kept with the others, in messages.ts). */
export const cognitiveMessages = { region: messages.azureRegion } as const;

const cognitiveProfileInput = z.object({
  name: required(),
  /** The profile the domain uses for its service unless another is chosen; one per service. */
  default: z.boolean().default(false),
  enabled: z.boolean().default(true),
  provider: oneOf(COGNITIVE_PROVIDERS),
  service: oneOf(COGNITIVE_SERVICES),
  description: optionalText(),
  /** key (write-only), region (Microsoft), locale. */
  properties: textSettings(),
});

/** The provider's settings are answered without the key; `keySet` tells whether one is stored. */
export const cognitiveProfileItem = answerOf(cognitiveProfileInput, { keySet: z.boolean(), ...timestamps() });

const property = (key: string, kind: FormField['kind'] = 'text', required = true, more: Partial<FormField> = {}) =>
  ({ field: `properties.${key}`, kind, required, label: `cognitiveProfiles.properties.${key}`, ...more }) as FormField;

const locale = z
  .string()
  .refine((v) => v === '' || (COGNITIVE_LOCALES as readonly string[]).includes(v), {
    error: `${messages.oneOf} ${COGNITIVE_LOCALES.join(', ')}`,
  })
  .optional();

const cognitiveVariants: VariantsDef = {
  field: 'provider',
  secrets: {
    fields: ['properties.key'],
    isSet: (stored) => stored.keySet === true,
  },
  cases: [
    {
      key: 'microsoft',
      value: 'microsoft',
      required: ['properties.key', 'properties.region'],
      defaults: { properties: { locale: COGNITIVE_DEFAULT_LOCALE } },
      schema: z.object({
        properties: z.looseObject({
          region: z
            .string()
            .refine((v) => v.trim() === '' || isAzureRegion(v.trim()), { error: cognitiveMessages.region })
            .optional(),
          locale,
        }),
      }),
      form: {
        tabs: [
          {
            key: 'general',
            fields: [
              property('key', 'password'),
              property('region'),
              property('locale', 'select', false, { options: COGNITIVE_LOCALES }),
            ],
          },
        ],
      },
    },
    {
      key: 'google',
      value: 'google',
      required: ['properties.key'],
      defaults: { properties: { locale: COGNITIVE_DEFAULT_LOCALE } },
      schema: z.object({ properties: z.looseObject({ locale }) }),
      form: {
        tabs: [
          {
            key: 'general',
            fields: [property('key', 'password'), property('locale', 'select', false, { options: COGNITIVE_LOCALES })],
          },
        ],
      },
    },
  ],
};

/**
 * Cognitive (voice) profiles (spec part 2 section 2, class cognitive_profile, permission
 * sub-list): a provider's speech service with its key. The media list synthesises text and
 * transcribes files through the enabled ones.
 */
export const cognitiveProfiles = resource({
  name: 'cognitiveProfiles',
  noun: 'cognitive profile',
  path: '/storage/cognitive_profiles',
  objClass: 'cognitive_profile',
  area: 'integrations',
  input: cognitiveProfileInput,
  item: cognitiveProfileItem,
  listFields: ['id', 'name', 'provider', 'service', 'default', 'enabled', 'description'],
  ...BY_NAME_AND_TIME,
  columns: [
    NAME_COLUMN,
    sorted('provider', 'enum'),
    sorted('service', 'enum'),
    sorted('default', 'toggle'),
    sorted('enabled', 'toggle'),
  ],
  recordAcl: true,
  form: {
    fields: [
      NAME_FIELD,
      { field: 'provider', kind: 'select', required: true, options: COGNITIVE_PROVIDERS },
      { field: 'service', kind: 'select', required: true, options: COGNITIVE_SERVICES },
      { field: 'enabled', kind: 'switch' },
      { field: 'default', kind: 'switch', label: 'cognitiveProfiles.default' },
      DESCRIPTION_FIELD,
    ],
  },
  variants: cognitiveVariants,
});

/** The console route of a profile's editor (spec: `cognitive-profile/{id}` beside the list). */
export const COGNITIVE_EDIT_ROUTE = '/integrations/cognitive-profile';

/** POST /storage/media/{id}/transcript: the STT profile that listens. */
export const transcriptInput = z.object({ profile: z.number({ error: messages.required }).int().positive() });
export const transcriptAnswer = z.object({ text: z.string() });

/** An enabled profile the media dialogs offer. */
export const cognitiveChoice = z.object({
  id: z.number(),
  name: z.string(),
  provider: z.enum(COGNITIVE_PROVIDERS),
  default: z.boolean(),
  locale: z.string(),
});
export type CognitiveChoice = z.output<typeof cognitiveChoice>;
