// The chat plans table; see schema.ts for the conventions.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { emptyText, flag, nameIndexes, refId, stamps } from './schema-helpers.js';
import { flows } from './schema-routing.js';

/** Chat plans: which chat flow serves outgoing chats. */
export const chatplan = pgTable(
  'chatplan',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    flowId: refId('flow_id', () => flows.id, 'restrict'),
    description: emptyText('description'),
    enabled: flag('enabled', true),
    ...stamps,
  },
  (t) => [
    ...nameIndexes('chatplan', t),
    index('chatplan_domain_name').on(t.domainId, t.name),
    index('chatplan_flow').on(t.flowId),
  ],
);
