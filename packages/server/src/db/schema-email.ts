// Tables of email profiles; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainId } from './schema-core.js';
import { searchIndex, sortIndex, stamps } from './schema-helpers.js';
import { flows } from './schema-routing.js';

/**
 * Email profiles: a mailbox polled over IMAP (and an SMTP account beside it); each new message is
 * handed to the flow runner with the profile's flow. The password is stored as given (the mail
 * servers need it) and never answered. The poller's bookkeeping lives here too: `nextFetchAt` is
 * when the profile is due, `leaseUntil` marks a fetch under way on some API node.
 */
export const emailProfiles = pgTable(
  'email_profiles',
  {
    id: serial('id').primaryKey(),
    domainId: domainId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'restrict' }),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull().default(993),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull().default(587),
    fetchInterval: integer('fetch_interval').notNull().default(60),
    login: text('login').notNull(),
    mailbox: text('mailbox').notNull().default('INBOX'),
    password: text('password').notNull().default(''),
    lastFetchAt: timestamp('last_fetch_at', { withTimezone: true, mode: 'string' }),
    fetchedCount: integer('fetched_count').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true, mode: 'string' }),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'string' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('email_profiles_domain_name').on(t.domainId, sql`lower(${t.name})`),
    searchIndex('email_profiles_name_search', t.name),
    sortIndex('email_profiles_name_sort', t.domainId, t.name, t.id),
    index('email_profiles_flow').on(t.flowId),
    // The poller looks for enabled profiles that are due, across every domain.
    index('email_profiles_due').on(t.nextFetchAt).where(sql`${t.enabled}`),
  ],
);
