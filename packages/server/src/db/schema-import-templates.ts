import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { namedRecord } from './schema-core.js';
import { refId, stamps, uniqueNameIndexes } from './schema-helpers.js';
import { ccQueues } from './schema-queues.js';

/**
 * CSV import templates: how a file's columns become members of a queue (`source`). Deleting the
 * queue deletes its templates. `parameters` holds charset, separator, skipHeaders, clearMembers
 * and the mappings as the API takes them.
 */
export const importTemplates = pgTable(
  'import_templates',
  {
    ...namedRecord(),
    sourceId: refId('source_id', () => ccQueues.id, 'cascade'),
    sourceType: text('source_type').notNull().default('queue'),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [...uniqueNameIndexes('import_templates', t), index('import_templates_source').on(t.sourceId)],
);
