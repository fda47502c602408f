/** Access, sessions and the change log: roles, grants, record permissions, tokens, settings, log. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { domainId, domainLogRecord, domainRecord, namedRecord, users } from './schema-core.js';
import { emptyText, flag, linkTable, refId, stamps, timestamptz, uniqueNameIndexes } from './schema-helpers.js';
import { storageProfiles } from './schema-storage.js';

export const roles = pgTable(
  'roles',
  {
    ...namedRecord(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    metadata: jsonb('metadata').$type<{ access: Record<string, unknown> }>().notNull().default({ access: {} }),
    requireTwoFactor: flag('require_two_factor', false),
    ...stamps,
  },
  (t) => [...uniqueNameIndexes('roles', t)],
);

export const userRoles = linkTable('user_roles', { userId: () => users.id, roleId: () => roles.id });

/** One row per access class per domain. */
export const objclass = pgTable(
  'objclass',
  {
    ...domainRecord(),
    class: text('class').notNull(),
    obac: flag('obac', true),
    rbac: flag('rbac', false),
  },
  (t) => [uniqueIndex('objclass_domain_class').on(t.domainId, t.class)],
);

/** Class grants: role → rights bits on a class (see model access.ts grantsToBits). */
export const classGrants = pgTable(
  'class_grants',
  {
    objclassId: refId('objclass_id', () => objclass.id, 'cascade'),
    roleId: refId('role_id', () => roles.id, 'cascade'),
    access: smallint('access').notNull(),
  },
  (t) => [primaryKey({ columns: [t.objclassId, t.roleId] })],
);

/** Record ACL: grantee role → rights bits on one record of a class. */
export const recordAcl = pgTable(
  'record_acl',
  {
    domainId: domainId(),
    class: text('class').notNull(),
    recordId: integer('record_id').notNull(),
    granteeId: refId('grantee_id', () => roles.id, 'cascade'),
    access: smallint('access').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.class, t.recordId, t.granteeId] }),
    index('record_acl_grantee').on(t.class, t.granteeId, t.recordId),
  ],
);

/** Default record access: records created by a holder of grantor are granted to grantee. */
export const defaultAcl = pgTable(
  'default_acl',
  {
    objclassId: refId('objclass_id', () => objclass.id, 'cascade'),
    grantorId: refId('grantor_id', () => roles.id, 'cascade'),
    granteeId: refId('grantee_id', () => roles.id, 'cascade'),
    access: smallint('access').notNull(),
  },
  (t) => [primaryKey({ columns: [t.objclassId, t.grantorId, t.granteeId] })],
);

/** Session tokens (kind 'session') and user API tokens (kind 'token'); only hashes are stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    ...domainRecord(),
    userId: refId('user_id', () => users.id, 'cascade'),
    kind: text('kind').$type<'session' | 'token'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    usage: emptyText('usage'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    /** API tokens: when one last authenticated a request (written at most once a minute). */
    lastUsedAt: timestamptz('last_used_at'),
    ip: emptyText('ip'),
  },
  (t) => [index('auth_tokens_user').on(t.userId, t.kind)],
);

export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  webrtc: flag('webrtc', false),
  stun: flag('stun', false),
});

export const loggerConfig = pgTable(
  'logger_config',
  {
    ...domainRecord(),
    object: text('object').notNull(),
    enabled: flag('enabled', false),
    daysToStore: integer('days_to_store').notNull().default(7),
    storageId: integer('storage_id').references(() => storageProfiles.id, { onDelete: 'set null' }),
    period: integer('period').notNull().default(7),
    description: emptyText('description'),
    /** The end of the last period exported (log-exports job); expired exports leave it in place. */
    exportedUntil: timestamptz('exported_until'),
  },
  (t) => [uniqueIndex('logger_config_domain_object').on(t.domainId, t.object)],
);

/** Change-log and sign-in entries. */
export const loggerEntries = pgTable(
  'logger_entries',
  {
    ...domainLogRecord(),
    object: text('object').notNull(),
    action: text('action').notNull(),
    date: timestamptz('date').notNull().defaultNow(),
    userId: integer('user_id'),
    userIp: emptyText('user_ip'),
    recordId: integer('record_id'),
    newState: jsonb('new_state'),
    oldState: jsonb('old_state'),
  },
  (t) => [
    index('logger_entries_object_date').on(t.domainId, t.object, t.date),
    index('logger_entries_user_date').on(t.domainId, t.userId, t.date),
    index('logger_entries_record').on(t.domainId, t.object, t.recordId),
  ],
);

/**
 * Files of a change-log config's closed periods written to its storage profile (one JSON-lines
 * file per period). A profile holding exports cannot be deleted: their files would become
 * unreachable. One row per config and period start: a period is exported once.
 */
export const loggerExports = pgTable(
  'logger_exports',
  {
    ...domainRecord(),
    configId: refId('config_id', () => loggerConfig.id, 'cascade'),
    periodStart: timestamptz('period_start').notNull(),
    periodEnd: timestamptz('period_end').notNull(),
    storageProfileId: refId('storage_profile_id', () => storageProfiles.id, 'restrict'),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('logger_exports_config_period').on(t.configId, t.periodStart),
    index('logger_exports_config_created').on(t.configId, t.createdAt),
    index('logger_exports_storage_profile').on(t.storageProfileId),
  ],
);

/** Sign-in attempt counters (auth/rate-limit.ts): one row per key, taken atomically. */
export const loginCounters = pgTable('login_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamptz('window_start').notNull().defaultNow(),
  /** The last attempt let through while an account is past its ceiling. */
  lastAt: timestamptz('last_at'),
});
