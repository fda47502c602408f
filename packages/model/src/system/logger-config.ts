import { z } from 'zod';
import { CHANGE_LOG_DAYS_TO_STORE, LOGGABLE_OBJECTS } from '../constants.js';
import { col, DESCRIPTION_FIELD, nested, resource, sorted } from '../define.js';
import { AUDIT_LOG_FIELDS, AUDIT_LOG_LIST, auditLogColumns, auditLogEntry } from '../directory/users.js';
import { storageProfiles } from '../integrations/storage-profiles.js';
import { messages } from '../messages.js';
import { ref } from '../resource.js';
import { int, optionalText, refInput, refOutput } from '../validation.js';

/** Change-log period in days: daily 1, weekly 7, fortnightly 14, monthly 30. */
export const CHANGE_LOG_PERIOD_DAYS = { daily: 1, weekly: 7, fortnightly: 14, monthly: 30 } as const;

export const loggerConfig = resource({
  name: 'loggerConfig',
  path: '/logger/config',
  objClass: null,
  permission: 'systemSetting',
  area: 'system',
  route: '/system/changelogs',
  input: z.object({
    object: z.enum(LOGGABLE_OBJECTS, { error: messages.required }),
    enabled: z.boolean().default(false),
    daysToStore: int({ min: 1 }).default(CHANGE_LOG_DAYS_TO_STORE),
    storage: refInput().nullable().default(null),
    period: z.union([z.literal(1), z.literal(7), z.literal(14), z.literal(30)]).default(7),
    description: optionalText(),
  }),
  item: z.object({
    id: z.number(),
    object: z.string(),
    enabled: z.boolean(),
    daysToStore: z.number(),
    storage: refOutput().nullable(),
    period: z.number(),
    description: z.string(),
  }),
  listFields: ['id', 'object', 'enabled', 'daysToStore', 'period', 'description'],
  search: ['object'],
  defaultSort: '+object',
  columns: [
    sorted('object', 'enum'),
    col('enabled', 'toggle'),
    sorted('daysToStore'),
    sorted('period', 'enum'),
    col('description'),
  ],
  form: {
    fields: [
      { field: 'object', kind: 'select', options: LOGGABLE_OBJECTS, required: true },
      { field: 'enabled', kind: 'switch' },
      { field: 'daysToStore', kind: 'number', min: 1, required: true },
      { field: 'period', kind: 'select', options: Object.values(CHANGE_LOG_PERIOD_DAYS), required: true },
      { field: 'storage', kind: 'ref' },
      DESCRIPTION_FIELD,
    ],
  },
  ops: { create: true, update: true, patch: true, delete: true },
  /** Where each closed period of the log is exported (one JSON-lines file); none: no exports. */
  refs: { storage: ref(() => storageProfiles) },
});

/** The columns of a config's log as CSV, in this order. */
export const CHANGE_LOG_EXPORT = [
  'date',
  'action',
  'object',
  'recordId',
  'record',
  'user',
  'userIp',
  'changedFields',
  'before',
  'after',
] as const;

/**
 * The change-log entries of a config's object (`/logger/config/{id}/logs`): its create, update
 * and delete entries, newest first; read-only, under the config's systemSetting permission.
 * Filters as for a user's log (`auditLogQuery`).
 */
export const loggerConfigLogs = nested({
  name: 'loggerConfigLogs',
  path: '/logger/config/:id/logs',
  // `q` matches the record id, the record's name in either state and the user's name (server side).
  ...AUDIT_LOG_LIST,
  item: auditLogEntry.extend({
    /** The top-level fields whose values differ between the two states, comma-separated. */
    changedFields: z.string().nullable(),
    /** The states as JSON text (the export's cells). */
    before: z.string().nullable(),
    after: z.string().nullable(),
  }),
  fields: [...AUDIT_LOG_FIELDS, 'changedFields', 'before', 'after'],
  listFields: AUDIT_LOG_FIELDS,
  columns: auditLogColumns({ field: 'user', kind: 'ref' }),
  export: CHANGE_LOG_EXPORT,
  parent: loggerConfig,
  param: 'id',
  itemParam: 'logId',
});

/**
 * The files a config's log was exported to (`/logger/config/{id}/exports`): one JSON-lines file
 * per closed period, written to the config's storage profile by a scheduled job; newest first,
 * read-only, under the config's systemSetting permission. The bytes:
 * `GET /logger/config/{id}/exports/{exportId}/download`.
 */
export const loggerConfigExports = nested({
  name: 'loggerConfigExports',
  path: '/logger/config/:id/exports',
  item: z.object({
    id: z.number(),
    /** The period's first instant and the instant after its last (UTC midnights). */
    periodStart: z.string(),
    periodEnd: z.string(),
    /** When the file was written. */
    createdAt: z.string(),
    /** Bytes of the file. */
    size: z.number(),
    /** Entries (lines) in the file. */
    count: z.number(),
  }),
  defaultSort: '-createdAt',
  columns: [
    sorted('createdAt', 'date'),
    sorted('periodStart', 'date'),
    col('periodEnd', 'date'),
    sorted('size'),
    sorted('count'),
  ],
  parent: loggerConfig,
  param: 'id',
  itemParam: 'exportId',
});
