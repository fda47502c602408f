// Tables of the lookups area; see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, integer, type PgColumn, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { emptyText, flag, refId, searchIndex, sortIndex, stamps, timestamptz } from './schema-helpers.js';

const base = () => ({
  ...domainRecord(),
  name: text('name').notNull(),
  description: emptyText('description'),
});

/** Lookup names are unique in a domain (case-insensitive): pickers show only the name. */
const named = (table: string) => (t: { id: PgColumn; domainId: PgColumn; name: PgColumn }) => [
  uniqueIndex(`${table}_domain_name`).on(t.domainId, sql`lower(${t.name})`),
  searchIndex(`${table}_name_search`, t.name),
  sortIndex(`${table}_name_sort`, t.domainId, t.name, t.id),
];

export const regions = pgTable(
  'regions',
  {
    ...base(),
    /** IANA name, checked against the runtime's catalog on write. */
    timezone: text('timezone').notNull(),
    ...stamps,
  },
  named('regions'),
);

export const skills = pgTable('skills', { ...base(), ...stamps }, named('skills'));

export const buckets = pgTable('buckets', { ...base(), ...stamps }, named('buckets'));

export const blacklists = pgTable('blacklists', { ...base(), ...stamps }, named('blacklists'));

/** Numbers of a blacklist; one row per number and list. */
export const blacklistNumbers = pgTable(
  'blacklist_numbers',
  {
    ...domainRecord(),
    listId: refId('list_id', () => blacklists.id, 'cascade'),
    number: text('number').notNull(),
    description: emptyText('description'),
    /** After this instant the number no longer counts; null never expires. */
    expireAt: timestamptz('expire_at'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('blacklist_numbers_list_number').on(t.listId, t.number),
    // The engine searches `lower(number)` by prefix within one list.
    index('blacklist_numbers_number_search').using('btree', t.listId, sql`lower(${t.number}) text_pattern_ops`),
    // A list's numbers in their order (pages and exports read it in key order, never sorting a million rows).
    sortIndex('blacklist_numbers_number_sort', t.listId, t.number, t.id),
  ],
);

export const communicationTypes = pgTable(
  'communication_types',
  {
    ...base(),
    channel: text('channel').notNull(),
    code: text('code').notNull(),
    ...stamps,
  },
  (t) => [
    ...named('communication_types')(t),
    uniqueIndex('communication_types_domain_code').on(t.domainId, sql`lower(${t.code})`),
  ],
);

export const pauseCauses = pgTable(
  'pause_causes',
  {
    ...base(),
    limitMin: integer('limit_min').notNull().default(60),
    allowAdmin: flag('allow_admin', true),
    allowSupervisor: flag('allow_supervisor', true),
    allowAgent: flag('allow_agent', true),
    ...stamps,
  },
  named('pause_causes'),
);
