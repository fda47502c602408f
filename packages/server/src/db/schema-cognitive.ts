// Tables of the cognitive (voice) profiles; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { emptyText, flag, stamps, textMap, uniqueNameIndexes } from './schema-helpers.js';

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
    default: flag('is_default', false),
    enabled: flag('enabled', true),
    description: emptyText('description'),
    properties: textMap('properties'),
    ...stamps,
  },
  (t) => [
    ...uniqueNameIndexes('cognitive_profiles', t),
    // One default per service in a domain: the write clears the old one first, this holds the rule.
    uniqueIndex('cognitive_profiles_domain_default').on(t.domainId, t.service).where(sql`${t.default}`),
  ],
);
