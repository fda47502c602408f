import { z } from 'zod';
import { CHANGE_LOG_DAYS_TO_STORE, LOGGABLE_OBJECTS } from '../constants.js';
import { auditLogEntry } from '../directory/users.js';
import { storageProfiles } from '../integrations/storage-profiles.js';
import { messages } from '../messages.js';
import { defineResource, ref } from '../resource.js';
import { int, optionalText, refInput, refOutput } from '../validation.js';

/** Change-log period in days: daily 1, weekly 7, fortnightly 14, monthly 30. */
export const CHANGE_LOG_PERIOD_DAYS = { daily: 1, weekly: 7, fortnightly: 14, monthly: 30 } as const;

export const loggerConfig = defineResource({
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
  fields: ['id', 'object', 'enabled', 'daysToStore', 'storage', 'period', 'description'],
  listFields: ['id', 'object', 'enabled', 'daysToStore', 'period', 'description'],
  search: ['object'],
  sort: ['id', 'object', 'daysToStore'],
  defaultSort: '+object',
  columns: [
    { field: 'object', sort: 'object' },
    { field: 'enabled', kind: 'toggle', patch: (enabled) => ({ enabled }) },
    { field: 'daysToStore', sort: 'daysToStore' },
  ],
  recordAcl: false,
  ops: { create: true, update: true, patch: true, delete: true },
  /** Where exports of the log go; none: the domain's enabled profile of highest priority. */
  refs: { storage: ref(() => storageProfiles) },
});

/**
 * The change-log entries of a config's object (`/logger/config/{id}/logs`): its create, update
 * and delete entries, newest first; read-only, under the config's systemSetting permission.
 * Filters as for a user's log (`auditLogQuery`).
 */
export const loggerConfigLogs = defineResource({
  name: 'loggerConfigLogs',
  path: '/logger/config/:id/logs',
  objClass: null,
  area: 'system',
  route: '/system/changelogs',
  input: z.object({}),
  item: auditLogEntry,
  fields: ['id', 'action', 'object', 'recordId', 'date', 'user', 'userIp', 'newState', 'oldState'],
  listFields: ['id', 'action', 'object', 'recordId', 'date', 'user', 'userIp', 'newState', 'oldState'],
  search: [],
  sort: ['id', 'date', 'action', 'object', 'userIp', 'recordId'],
  defaultSort: '-date',
  columns: [
    { field: 'date', kind: 'date', sort: 'date' },
    { field: 'action', sort: 'action' },
    { field: 'user', kind: 'ref' },
    { field: 'recordId', sort: 'recordId' },
    { field: 'userIp', sort: 'userIp' },
  ],
  recordAcl: false,
  ops: { create: false, update: false, patch: false, delete: false },
  parent: { resource: loggerConfig, param: 'id', itemParam: 'logId', rights: 'parent' },
});
