// Tables of the storage area; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { searchIndex, sortIndex, stamps } from './schema-helpers.js';

/**
 * Storage profiles: where the files the product writes go. The type's settings (secrets among
 * them, never answered) live in `properties`, a text-valued map.
 */
export const storageProfiles = pgTable(
  'storage_profiles',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** GB. */
    maxSize: integer('max_size').notNull().default(10),
    expireDays: integer('expire_days').notNull().default(30),
    priority: integer('priority').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    uniqueIndex('storage_profiles_domain_name').on(t.domainId, sql`lower(${t.name})`),
    searchIndex('storage_profiles_name_search', t.name),
    sortIndex('storage_profiles_name_sort', t.domainId, t.name, t.id),
    // The profile files go to: the domain's enabled one of highest priority.
    index('storage_profiles_domain_priority').on(t.domainId, t.priority),
  ],
);
