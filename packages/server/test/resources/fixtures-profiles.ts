import { messages } from '@switchboard/model';
import type { Fixture } from './fixture-types.js';
import { unique } from './helpers.js';

/** Cognitive, email and storage profiles. */
export const PROFILE_FIXTURES = {
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
} satisfies Record<string, Fixture>;
