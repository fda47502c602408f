// Domains and users: every other schema file refers to them, and this file refers to none of those.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { emptyText, flag, nameIndexes, refId, searchIndex, stamps, textMap, timestamptz } from './schema-helpers.js';

export const domains = pgTable('domains', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** The domain a record belongs to; deleting a domain deletes its records. */
export const domainId = () => refId('domain_id', () => domains.id, 'cascade');

/** The columns a domain's record starts with: its id and its domain. */
export const domainRecord = () => ({ id: serial('id').primaryKey(), domainId: domainId() });

/** The same for a log's entries, which grow without bound: a 64-bit id. */
export const domainLogRecord = () => ({ id: bigserial('id', { mode: 'number' }).primaryKey(), domainId: domainId() });

/** The columns a named record of a domain starts with: its id, its domain, its name and description. */
export const namedRecord = () => ({
  ...domainRecord(),
  name: text('name').notNull(),
  description: emptyText('description'),
});

export const users = pgTable(
  'users',
  {
    ...domainRecord(),
    name: emptyText('name'),
    email: emptyText('email'),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    extension: emptyText('extension'),
    /**
     * The user's own device. No foreign key: devices refer to users, and this file stays free of
     * theirs; deleting a device clears it (resources/directory/devices).
     */
    deviceId: integer('device_id'),
    presenceStatus: emptyText('presence_status'),
    presenceNote: emptyText('presence_note'),
    profile: textMap('profile'),
    /** Active account: false refuses sign-in and every token of the user. */
    state: flag('state', true),
    ...stamps,
  },
  (t) => [
    uniqueIndex('users_domain_username').on(t.domainId, sql`lower(${t.username})`),
    ...nameIndexes('users', t),
    searchIndex('users_username_search', t.username),
    searchIndex('users_extension_search', t.extension),
    searchIndex('users_email_search', t.email),
    index('users_domain_name').on(t.domainId, t.name),
  ],
);
