// Tables of the CSV import pipeline (resources/imports); see schema.ts for the conventions.
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { domainRecord, users } from './schema-core.js';
import { emptyText, flag, refId, timestamptz } from './schema-helpers.js';

/**
 * One CSV import: the uploaded file (`file_path`, under IMPORT_DIR), its options, and how far the
 * job got. `checked_through`/`loaded_through` are line watermarks written in the same transaction
 * as the rows they cover, so a job that restarts after a crash goes on from there.
 */
export const imports = pgTable(
  'imports',
  {
    ...domainRecord(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user's address, for the change log of what the import creates. */
    userIp: emptyText('user_ip'),
    resource: text('resource').notNull(),
    parentId: integer('parent_id'),
    fileName: text('file_name').notNull(),
    filePath: text('file_path').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    mode: text('mode').notNull(),
    charset: text('charset').notNull(),
    separator: text('separator').notNull(),
    header: boolean('header').notNull(),
    mapping: jsonb('mapping').$type<Record<string, number> | null>(),
    state: text('state').notNull().default('queued'),
    phase: text('phase'),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsToLoad: integer('rows_to_load').notNull().default(0),
    rowsLoaded: integer('rows_loaded').notNull().default(0),
    rowsFailed: integer('rows_failed').notNull().default(0),
    /** Rows left out on purpose (a member import's duplicate destinations under the skip policy). */
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    /** What the resource's importer needs besides (a template's mappings and policies). */
    options: jsonb('options').$type<Record<string, unknown> | null>(),
    /** Last file line whose row is in the staging table or the report. */
    checkedThrough: integer('checked_through').notNull().default(0),
    /** Last staging line loaded into the resource's table. */
    loadedThrough: integer('loaded_through').notNull().default(0),
    cancelRequested: flag('cancel_requested', false),
    /** The run that holds the import (a random id per job run); another run takes it over only when its heartbeat is stale. */
    runner: text('runner'),
    error: text('error'),
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number> | null>(),
    /** Written by the running job with each chunk; a stale one after a crash is picked up again. */
    heartbeatAt: timestamptz('heartbeat_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [index('imports_domain_user').on(t.domainId, t.userId, t.id), index('imports_state').on(t.state)],
);

/** The report of an import: one row per problem, by file line. */
export const importErrors = pgTable(
  'import_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: refId('import_id', () => imports.id, 'cascade'),
    line: integer('line').notNull(),
    field: text('field').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('import_errors_import_line').on(t.importId, t.line)],
);
