// Tables of CSV import templates (integrations); see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { emptyText, refId, searchIndex, sortIndex, stamps } from './schema-helpers.js';
import { ccQueues } from './schema-queues.js';

/**
 * CSV import templates: how a file's columns become members of a queue (`source`). Deleting the
 * queue deletes its templates. `parameters` holds charset, separator, skipHeaders, clearMembers
 * and the mappings as the API takes them.
 */
export const importTemplates = pgTable(
  'import_templates',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    description: emptyText('description'),
    sourceId: refId('source_id', () => ccQueues.id, 'cascade'),
    sourceType: text('source_type').notNull().default('queue'),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    uniqueIndex('import_templates_domain_name').on(t.domainId, sql`lower(${t.name})`),
    searchIndex('import_templates_name_search', t.name),
    sortIndex('import_templates_name_sort', t.domainId, t.name, t.id),
    index('import_templates_source').on(t.sourceId),
  ],
);
