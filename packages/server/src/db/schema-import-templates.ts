// Tables of CSV import templates (integrations); see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainId } from './schema-core.js';
import { searchIndex, sortIndex, stamps } from './schema-helpers.js';
import { ccQueues } from './schema-queues.js';

/**
 * CSV import templates: how a file's columns become members of a queue (`source`). Deleting the
 * queue deletes its templates. `parameters` holds charset, separator, skipHeaders, clearMembers
 * and the mappings as the API takes them.
 */
export const importTemplates = pgTable(
  'import_templates',
  {
    id: serial('id').primaryKey(),
    domainId: domainId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sourceId: integer('source_id')
      .notNull()
      .references(() => ccQueues.id, { onDelete: 'cascade' }),
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
