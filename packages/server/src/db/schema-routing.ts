// Tables of the routing area; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord, users } from './schema-core.js';
import { emptyText, flag, nameIndexes, refId, searchIndex, stamps, timestamptz } from './schema-helpers.js';

/** Flows: the schema (a JSON array of steps, or an object) is stored whole as jsonb. */
export const flows = pgTable(
  'flows',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    schema: jsonb('schema').notNull().default([]),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    type: text('type').notNull().default('voice'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    editor: flag('editor', false),
    ...stamps,
  },
  (t) => [
    ...nameIndexes('flows', t),
    index('flows_domain_name').on(t.domainId, t.name),
    index('flows_domain_type').on(t.domainId, t.type),
    // Tag filters (`&&`) and the tag search read this.
    index('flows_tags').using('gin', t.tags),
  ],
);

/** Previous schemas of a flow: every save that changes the schema keeps the one it replaces. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    ...domainRecord(),
    flowId: refId('flow_id', () => flows.id, 'cascade'),
    version: integer('version').notNull(),
    schema: jsonb('schema').notNull(),
    savedAt: timestamptz('saved_at').notNull().defaultNow(),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('flow_versions_flow_version').on(t.flowId, t.version)],
);

/**
 * Outbound dialplan rules, ordered by position (1, 2, … per domain, without gaps). A flow in use
 * cannot be deleted (restrict).
 */
export const dialplan = pgTable(
  'dialplan',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    flowId: refId('flow_id', () => flows.id, 'restrict'),
    pattern: text('pattern').notNull(),
    description: emptyText('description'),
    disabled: flag('disabled', false),
    position: integer('position').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('dialplan_domain_position').on(t.domainId, t.position),
    searchIndex('dialplan_name_search', t.name),
    searchIndex('dialplan_pattern_search', t.pattern),
    index('dialplan_flow').on(t.flowId),
  ],
);
