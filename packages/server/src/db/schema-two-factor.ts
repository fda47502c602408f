import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { domainRecord, users } from './schema-core.js';
import { refId, timestamptz } from './schema-helpers.js';

/** A user's authenticator secret; `enabledAt` is null while the enrolment awaits its first code. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamptz('enabled_at'),
  /** The last accepted time step: a code is good once, never replayed within its window. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
});

/** One-time recovery codes, stored only as their SHA-256. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: refId('user_id', () => users.id, 'cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('user_recovery_codes_user').on(t.userId)],
);

/** The step between a correct password and the second factor: a short-lived, single-use ticket. */
export const loginChallenges = pgTable('login_challenges', {
  ...domainRecord(),
  userId: refId('user_id', () => users.id, 'cascade'),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamptz('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
});
