import { NUMBER_TAKEN, blacklistNumbers as numbersDef } from '@switchboard/model';
import { blacklistNumbers } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { registerImporter } from '../../imports/importer.js';

/** Numbers carry no record ACL of their own: the list's class and record rights govern them. */
export const blacklistNumbersResource = defineServerResource(numbersDef, {
  table: blacklistNumbers,
  unique: { blacklist_numbers_list_number: 'number' },
});

/** A date alone (`2025-12-31`) means its midnight UTC; anything else must be an ISO instant. */
const asInstant = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);

/**
 * The CSV import of a blacklist's numbers (`POST /call_center/list/{listId}/communication/import`):
 * number, description, expireAt, each checked as a single number is; a number already in the list
 * or earlier in the file is reported on its line.
 */
registerImporter({
  def: numbersDef as typeof numbersDef & { import: NonNullable<typeof numbersDef.import> },
  compiled: blacklistNumbersResource.compiled,
  schema: numbersDef.input,
  prepare: (cells) => ({
    number: cells.number ?? '',
    description: cells.description ?? '',
    expireAt: cells.expireAt ? asInstant(cells.expireAt) : null,
  }),
  keyField: 'number',
  key: (record) => record.number as string,
  table: 'blacklist_numbers',
  columns: [
    { column: 'number', value: (r) => r.number as string },
    { column: 'description', value: (r) => r.description as string },
    { column: 'expire_at', value: (r) => (r.expireAt as string | null) ?? null, cast: 'timestamptz' },
  ],
  fixed: (scope) => ({ domain_id: scope.domainId, list_id: scope.parentId as number }),
  takenKeys: (scope, params) => `select number from blacklist_numbers where list_id = ${params.p(scope.parentId)}`,
  insertedKey: 'number',
  duplicateMessage: `${NUMBER_TAKEN} (line {{line}})`,
  takenMessage: NUMBER_TAKEN,
});
