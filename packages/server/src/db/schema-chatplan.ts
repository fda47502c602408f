// The chat plans table; see schema.ts for the conventions.
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { domainId } from './schema-core.js';
import { searchIndex, sortIndex, stamps } from './schema-helpers.js';
import { flows } from './schema-routing.js';

/** Chat plans: which chat flow serves outgoing chats. */
export const chatplan = pgTable(
  'chatplan',
  {
    id: serial('id').primaryKey(),
    domainId: domainId(),
    name: text('name').notNull(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    ...stamps,
  },
  (t) => [
    searchIndex('chatplan_name_search', t.name),
    sortIndex('chatplan_name_sort', t.domainId, t.name, t.id),
    index('chatplan_domain_name').on(t.domainId, t.name),
    index('chatplan_flow').on(t.flowId),
  ],
);
