// Tables of the cognitive (voice) profiles; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { emptyText, stamps, uniqueNameIndexes } from './schema-helpers.js';

/**
 * Cognitive profiles: a speech provider's service with its key. The provider's settings (the key
 * among them, never answered) live in `properties`, a text-valued map.
 */
export const cognitiveProfiles = pgTable(
  'cognitive_profiles',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    service: text('service').notNull(),
    default: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    description: emptyText('description'),
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    ...stamps,
  },
  (t) => [
    ...uniqueNameIndexes('cognitive_profiles', t),
    // One default per service in a domain: the write clears the old one first, this holds the rule.
    uniqueIndex('cognitive_profiles_domain_default').on(t.domainId, t.service).where(sql`${t.default}`),
  ],
);
