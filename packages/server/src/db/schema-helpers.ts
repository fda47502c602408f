import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

/** The columns a named list of a domain searches and orders by. */
type Named = { id: PgColumn; domainId: PgColumn; name: PgColumn };

/** The indexes of a domain's list searched and ordered by name: `<table>_name_search`, `<table>_name_sort`. */
export const nameIndexes = (table: string, t: Named) => [
  searchIndex(`${table}_name_search`, t.name),
  sortIndex(`${table}_name_sort`, t.domainId, t.name, t.id),
];

/** The same, and the name unique in the domain whatever its case (`<table>_domain_name`). */
export const uniqueNameIndexes = (table: string, t: Named) => [
  uniqueIndex(`${table}_domain_name`).on(t.domainId, sql`lower(${t.name})`),
  ...nameIndexes(table, t),
];

/** A timestamp with time zone, read as ISO text. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** A flag: never null, `on` by default or not. */
export const flag = (name: string, on: boolean) => boolean(name).notNull().default(on);

/** Texts by key (variables, settings), never null and none by default. */
export const textMap = (name: string) => jsonb(name).$type<Record<string, string>>().notNull().default({});

/** A text column that is never null and empty by default. */
export const emptyText = (name: string) => text(name).notNull().default('');

/** What deleting the referenced record does to the referring one. */
export type OnDelete = 'cascade' | 'restrict' | 'no action' | 'set null';

/** A required reference to another table's record (`() => table.id`). */
export const refId = (name: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  integer(name).notNull().references(target, { onDelete });

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A link table between two records: `ends` names its two required references, `a` then `b`
 * (columns named in snake case, deleted with the record `a` points at; with the one `b` points at
 * as `bOnDelete` says). The pair is the primary key, and `<table>_<b without Id>` indexes `b` for
 * the lookups from the other side.
 */
export function linkTable<N extends string, K extends string>(
  name: N,
  ends: Record<K, () => AnyPgColumn>,
  bOnDelete: OnDelete = 'cascade',
) {
  const [a, b] = Object.keys(ends) as [K, K];
  const columns = {
    [a]: refId(snakeCase(a), ends[a], 'cascade'),
    [b]: refId(snakeCase(b), ends[b], bOnDelete),
  } as Record<K, ReturnType<typeof refId>>;
  const indexName = `${name}_${snakeCase(b).replace(/_id$/, '')}`;
  return pgTable(name, columns, (t) => [primaryKey({ columns: [t[a], t[b]] }), index(indexName).on(t[b])]);
}

/**
 * The indexes of a record held once per parent record (a queue's skill, an agent's skill): the
 * pair unique (`<table>_<parent>_<held>`), and `<table>_<held>` serving the lookups from the held
 * record's side.
 */
export const heldOnce = (table: string, names: [parent: string, held: string], parent: PgColumn, held: PgColumn) => [
  uniqueIndex(`${table}_${names[0]}_${names[1]}`).on(parent, held),
  index(`${table}_${names[1]}`).on(held),
];

/** When a record was created and last changed. */
export const stamps = {
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
};
