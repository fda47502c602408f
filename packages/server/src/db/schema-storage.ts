import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { flag, stamps, textMap, uniqueNameIndexes } from './schema-helpers.js';

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
    disabled: flag('disabled', false),
    properties: textMap('properties'),
    ...stamps,
  },
  (t) => [
    ...uniqueNameIndexes('storage_profiles', t),
    // The profile files go to: the domain's enabled one of highest priority.
    index('storage_profiles_domain_priority').on(t.domainId, t.priority),
  ],
);
