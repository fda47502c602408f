import { z } from 'zod';
import {
  DESCRIPTION_COLUMN,
  DESCRIPTION_FIELD,
  lookup,
  NAME_COLUMN,
  NAME_FIELD,
  NO_PATCH,
  nested,
  sorted,
} from '../define.js';
import { messages } from '../messages.js';
import { nameAndDescription, optionalText, phone } from '../validation.js';

export const DATE_INVALID = 'Should be a date and time';
export const NUMBER_TAKEN = messages.numberTaken;

/**
 * Blacklist (spec part 1 section 3): name, description and `count`, the numbers that have not
 * expired; per-record permissions; its changes are loggable.
 */
export const blacklists = lookup({
  name: 'blacklists',
  path: '/call_center/list',
  objClass: 'cc_list',
  route: '/lookups/blacklist',
  input: nameAndDescription(),
  item: z.object({ id: z.number(), name: z.string(), description: z.string(), count: z.number() }),
  columns: [NAME_COLUMN, sorted('count'), DESCRIPTION_COLUMN],
  recordAcl: true,
  logObject: 'blacklists',
  form: {
    fields: [NAME_FIELD, DESCRIPTION_FIELD],
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
export const blacklistNumbers = nested({
  name: 'blacklistNumbers',
  path: blacklistNumbersPath(':listId'),
  input: z.object({ number: phone(), description: optionalText(), expireAt: expireAt() }),
  item: z.object({
    id: z.number(),
    listId: z.number(),
    number: z.string(),
    description: z.string(),
    expireAt: z.string().nullable(),
  }),
  search: ['number'],
  defaultSort: '+number',
  filters: [{ kind: 'dateRange', key: 'expireAt', from: 'expireFrom', to: 'expireTo' }],
  columns: [sorted('number'), DESCRIPTION_COLUMN, sorted('expireAt', 'date')],
  ops: { ...NO_PATCH, bulkCreate: true },
  parent: blacklists,
  param: 'listId',
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
    fields: [{ field: 'number', required: true }, DESCRIPTION_FIELD, { field: 'expireAt', kind: 'date' }],
  },
});
