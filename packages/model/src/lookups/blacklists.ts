import { z } from 'zod';
import { messages } from '../messages.js';
import { defineResource } from '../resource.js';
import { optionalText, phone, required } from '../validation.js';

export const DATE_INVALID = 'Should be a date and time';
export const NUMBER_TAKEN = messages.numberTaken;

/**
 * Blacklist (spec part 1 section 3): name, description and `count`, the numbers that have not
 * expired; per-record permissions; its changes are loggable.
 */
export const blacklists = defineResource({
  name: 'blacklists',
  path: '/call_center/list',
  objClass: 'cc_list',
  area: 'lookups',
  route: '/lookups/blacklist',
  input: z.object({ name: required(), description: optionalText() }),
  item: z.object({ id: z.number(), name: z.string(), description: z.string(), count: z.number() }),
  fields: ['id', 'name', 'description', 'count'],
  listFields: ['id', 'name', 'description', 'count'],
  search: ['name'],
  sort: ['id', 'name', 'description', 'count'],
  defaultSort: '+name',
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'count', sort: 'count' },
    { field: 'description', sort: 'description' },
  ],
  recordAcl: true,
  logObject: 'blacklists',
  ops: { create: true, update: true, patch: true, delete: true },
  form: {
    fields: [
      { field: 'name', required: true },
      { field: 'description', kind: 'textarea' },
    ],
  },
});

/** An instant as ISO 8601 with an offset (`2025-01-31T10:00:00Z`), or null for never. */
export const expireAt = () => z.iso.datetime({ offset: true, error: DATE_INVALID }).nullable().default(null);

/** The path of one blacklist's numbers. */
export const blacklistNumbersPath = (listId: number | string) => `/call_center/list/${listId}/communication`;

/**
 * A number of a blacklist (spec: listId, number, description, expireAt), served under its list
 * (`/call_center/list/{listId}/communication`); the list's class and record rights govern it.
 */
export const blacklistNumbers = defineResource({
  name: 'blacklistNumbers',
  path: blacklistNumbersPath(':listId'),
  objClass: 'cc_list',
  area: 'lookups',
  route: '/lookups/blacklist',
  input: z.object({ number: phone(), description: optionalText(), expireAt: expireAt() }),
  item: z.object({
    id: z.number(),
    listId: z.number(),
    number: z.string(),
    description: z.string(),
    expireAt: z.string().nullable(),
  }),
  fields: ['id', 'listId', 'number', 'description', 'expireAt'],
  listFields: ['id', 'listId', 'number', 'description', 'expireAt'],
  search: ['number'],
  sort: ['id', 'number', 'description', 'expireAt'],
  defaultSort: '+number',
  filters: [{ kind: 'dateRange', key: 'expireAt', from: 'expireFrom', to: 'expireTo' }],
  columns: [
    { field: 'number', sort: 'number' },
    { field: 'description', sort: 'description' },
    { field: 'expireAt', kind: 'date', sort: 'expireAt' },
  ],
  recordAcl: false,
  ops: { create: true, update: true, patch: false, delete: true, bulkCreate: true },
  parent: { resource: blacklists, param: 'listId', field: 'listId', rights: 'parent' },
  // The columns the numbers import reads.
  export: ['number', 'description', 'expireAt'],
  import: {
    columns: [
      { field: 'number', required: true },
      { field: 'description' },
      { field: 'expireAt', aliases: ['expire_at', 'expires'] },
    ],
    mapping: true,
  },
  form: {
    fields: [
      { field: 'number', required: true },
      { field: 'description', kind: 'textarea' },
      { field: 'expireAt', kind: 'date' },
    ],
  },
});
