// Tables of email profiles; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { namedRecord } from './schema-core.js';
import { emptyText, flag, refId, stamps, timestamptz, uniqueNameIndexes } from './schema-helpers.js';
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
    ...namedRecord(),
    enabled: flag('enabled', true),
    flowId: refId('flow_id', () => flows.id, 'restrict'),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull().default(993),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull().default(587),
    fetchInterval: integer('fetch_interval').notNull().default(60),
    login: text('login').notNull(),
    mailbox: text('mailbox').notNull().default('INBOX'),
    password: emptyText('password'),
    lastFetchAt: timestamptz('last_fetch_at'),
    fetchedCount: integer('fetched_count').notNull().default(0),
    lastError: emptyText('last_error'),
    nextFetchAt: timestamptz('next_fetch_at'),
    leaseUntil: timestamptz('lease_until'),
    ...stamps,
  },
  (t) => [
    ...uniqueNameIndexes('email_profiles', t),
    index('email_profiles_flow').on(t.flowId),
    // The poller looks for enabled profiles that are due, across every domain.
    index('email_profiles_due').on(t.nextFetchAt).where(sql`${t.enabled}`),
  ],
);
