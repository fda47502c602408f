import { z } from 'zod';
import { answerOf, BY_NAME_AND_TIME, NAME_COLUMN, NAME_FIELD, resource, settingSecrets, sorted } from '../define.js';
import { messages } from '../messages.js';
import type { FormField, VariantsDef } from '../resource.js';
import { int, oneOf, required, textSettings, timestamps } from '../validation.js';

export const STORAGE_TYPES = ['local', 's3', 'backblaze', 'dropbox', 'drive'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

/** Where an S3 profile stores a file, below its bucket (spec part 2 section 9). */
export const STORAGE_PATH_PATTERN = '$DOMAIN/$Y/$M/$D';
/** A new profile's limits: 10 GB, files kept 30 days, priority 0. */
export const STORAGE_MAX_SIZE_GB = 10;
export const STORAGE_EXPIRE_DAYS = 30;

/** The AWS regions an S3 profile offers (22). */
export const AWS_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'af-south-1',
  'ap-east-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
  'ca-central-1',
  'cn-north-1',
  'eu-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-south-1',
  'eu-north-1',
  'me-south-1',
  'sa-east-1',
] as const;

/** The Digital Ocean Spaces regions (12); a profile whose endpoint is Spaces' takes one of these. */
export const DIGITAL_OCEAN_REGIONS = [
  'nyc1',
  'nyc2',
  'nyc3',
  'ams2',
  'ams3',
  'sfo1',
  'sfo2',
  'sfo3',
  'sgp1',
  'lon1',
  'fra1',
  'tor1',
] as const;

export const STORAGE_REGIONS = [...AWS_REGIONS, ...DIGITAL_OCEAN_REGIONS] as const;

/** The Digital Ocean variant of S3 is told by its endpoint: `https://<region>.digitaloceanspaces.com`. */
export const isDigitalOceanEndpoint = (endpoint: string) =>
  /(^|[./])digitaloceanspaces\.com(:\d+)?\/?$/i.test(endpoint.trim());
export const digitalOceanEndpoint = (region: string) => `https://${region}.digitaloceanspaces.com`;

/** Properties that are secrets: written, never answered (`secretsSet` lists which hold a value). */
export const STORAGE_SECRET_KEYS = ['accessKey', 'key', 'privateKey', 'token'] as const;

/**
 * A local profile's directory is a folder inside its domain's folder of the operator's storage
 * root (STORAGE_LOCAL_ROOT): relative, without `..`, without a drive or a NUL.
 */
export const isStorageFolder = (v: string) =>
  !/^[\\/]|^[A-Za-z]:|\0/.test(v) && v.split(/[\\/]/).every((part) => part !== '..');
const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The storage profiles' own validation messages (kept with the others, in messages.ts). */
export const storageMessages = {
  storageFolder: messages.storageFolder,
  url: messages.url,
  doRegion: messages.digitalOceanRegion,
} as const;

const storageProfileInput = z.object({
  name: required(),
  /** Largest total size of the files stored through the profile, GB. */
  maxSize: int({ min: 1 }).default(STORAGE_MAX_SIZE_GB),
  /** Exported files older than this many days are removed. */
  expireDays: int({ min: 0 }).default(STORAGE_EXPIRE_DAYS),
  priority: int({ min: 0 }).default(0),
  type: oneOf(STORAGE_TYPES),
  disabled: z.boolean().default(false),
  properties: textSettings(),
});

/**
 * The type's settings are answered without their secrets; `secretsSet` lists the secret properties
 * (STORAGE_SECRET_KEYS) that hold a value.
 */
export const storageProfileItem = answerOf(storageProfileInput, { secretsSet: z.array(z.string()), ...timestamps() });

const property = (key: string, kind: FormField['kind'] = 'text', required = true, more: Partial<FormField> = {}) =>
  ({ field: `properties.${key}`, kind, required, label: `storageProfiles.properties.${key}`, ...more }) as FormField;

const text = (check: (v: string) => boolean, message: string) =>
  z
    .string()
    .refine((v) => v.trim() === '' || check(v.trim()), { error: message })
    .optional();

const storageVariants: VariantsDef = {
  field: 'type',
  secrets: settingSecrets('properties', STORAGE_SECRET_KEYS),
  cases: [
    {
      key: 'local',
      value: 'local',
      required: ['properties.directory'],
      schema: z.object({
        properties: z.looseObject({ directory: text(isStorageFolder, storageMessages.storageFolder) }),
      }),
      form: { tabs: [{ key: 'general', fields: [property('directory')] }] },
    },
    {
      key: 's3',
      value: 's3',
      required: [
        'properties.keyId',
        'properties.accessKey',
        'properties.bucketName',
        'properties.region',
        'properties.endpoint',
      ],
      defaults: { properties: { pathPattern: STORAGE_PATH_PATTERN, region: 'us-east-1' } },
      schema: z.object({
        properties: z.looseObject({
          endpoint: text(isHttpUrl, storageMessages.url),
          region: text(
            (v) => (STORAGE_REGIONS as readonly string[]).includes(v),
            `${messages.oneOf} ${STORAGE_REGIONS.join(', ')}`,
          ),
        }),
      }),
      check: (record) => {
        const p = (record.properties ?? {}) as Record<string, string>;
        const digitalOcean = isDigitalOceanEndpoint(p.endpoint ?? '');
        if (digitalOcean && p.region && !(DIGITAL_OCEAN_REGIONS as readonly string[]).includes(p.region)) {
          return [{ field: 'properties.region', message: storageMessages.doRegion }];
        }
        return [];
      },
      form: {
        tabs: [
          {
            key: 'general',
            fields: [
              property('keyId'),
              property('accessKey', 'password'),
              property('bucketName'),
              property('endpoint'),
              property('region', 'select', true, { options: STORAGE_REGIONS }),
              property('pathPattern', 'text', false),
            ],
          },
        ],
      },
    },
    {
      key: 'backblaze',
      value: 'backblaze',
      required: ['properties.account', 'properties.key', 'properties.bucket', 'properties.bucketId'],
      form: {
        tabs: [
          {
            key: 'general',
            fields: [property('account'), property('key', 'password'), property('bucket'), property('bucketId')],
          },
        ],
      },
    },
    {
      key: 'dropbox',
      value: 'dropbox',
      required: ['properties.token'],
      form: { tabs: [{ key: 'general', fields: [property('token', 'password')] }] },
    },
    {
      key: 'drive',
      value: 'drive',
      required: ['properties.directory', 'properties.privateKey', 'properties.email'],
      schema: z.object({
        properties: z.looseObject({
          email: text((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), messages.email),
        }),
      }),
      form: {
        tabs: [
          {
            key: 'general',
            // Drive has no paths: its files go into a folder named by its id.
            fields: [
              property('directory', 'text', true, { label: 'storageProfiles.properties.driveFolder' }),
              property('email'),
              property('privateKey', 'textarea'),
            ],
          },
        ],
      },
    },
  ],
};

export const storageProfiles = resource({
  name: 'storageProfiles',
  noun: 'storage profile',
  path: '/storage/backend_profiles',
  objClass: 'storage_profile',
  area: 'integrations',
  route: '/integrations/storage',
  input: storageProfileInput,
  item: storageProfileItem,
  listFields: ['id', 'name', 'type', 'maxSize', 'expireDays', 'priority', 'disabled'],
  ...BY_NAME_AND_TIME,
  columns: [
    NAME_COLUMN,
    sorted('type'),
    sorted('maxSize'),
    sorted('expireDays'),
    sorted('priority'),
    sorted('disabled', 'toggle'),
  ],
  recordAcl: true,
  form: {
    fields: [
      NAME_FIELD,
      { field: 'maxSize', kind: 'number', required: true, min: 1, label: 'storageProfiles.maxSize' },
      { field: 'expireDays', kind: 'number', required: true, min: 0, label: 'storageProfiles.expireDays' },
      { field: 'priority', kind: 'number', required: true, min: 0, label: 'storageProfiles.priority' },
      { field: 'disabled', kind: 'switch', label: 'storageProfiles.disabled' },
    ],
  },
  variants: storageVariants,
});

/** The console route of a profile's editor: the type is part of the path. */
export const storageProfileEditPath = (p: { id: number | string; type: string }) => `${p.type}/${p.id}`;

/** What a connection test answers. */
export const storageTestResult = z.object({ ok: z.boolean(), detail: z.string(), key: z.string().optional() });
export type StorageTestResult = z.output<typeof storageTestResult>;
