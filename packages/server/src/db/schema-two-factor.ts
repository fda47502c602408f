import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { domains, users } from './schema-core.js';

/** A user's authenticator secret; `enabledAt` is null while the enrolment awaits its first code. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'string' }),
  /** The last accepted time step: a code is good once, never replayed within its window. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
});

/** One-time recovery codes, stored only as their SHA-256. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('user_recovery_codes_user').on(t.userId)],
);

/** The step between a correct password and the second factor: a short-lived, single-use ticket. */
export const loginChallenges = pgTable('login_challenges', {
  id: serial('id').primaryKey(),
  domainId: integer('domain_id')
    .notNull()
    .references(() => domains.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});
