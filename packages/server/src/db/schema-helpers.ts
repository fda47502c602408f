import { sql } from 'drizzle-orm';
import { index, type PgColumn, timestamp } from 'drizzle-orm/pg-core';

/**
 * One schema for both drivers. Search columns get a `lower(col) text_pattern_ops` index so a
 * case-insensitive prefix LIKE uses it under any collation (Debian's clusters use C.UTF-8).
 */
export const searchIndex = (name: string, col: Parameters<typeof sql>[1]) =>
  index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

/**
 * Names sort case-insensitively and by language rules ("admin" before "Ux Supervisor", Cyrillic
 * in alphabet order): by `lower(col)` under the ICU root collation, which PostgreSQL and PGlite
 * both ship, instead of the database's own collation (bytewise C or C.UTF-8 on Debian).
 */
export const SORT_COLLATION = 'und-x-icu';
export const sortKeySql = (col: string) => `lower(${col}) collate "${SORT_COLLATION}"`;

/**
 * Serves a list's name order within a domain, or within a parent record for a nested list
 * (`where domain_id = ? order by <key>, id`).
 */
export const sortIndex = (name: string, scope: PgColumn, col: PgColumn, id: PgColumn) =>
  index(name).using('btree', scope, sql`(lower(${col}) collate "und-x-icu")`, id);

export const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};
