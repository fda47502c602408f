// Tables of the calendars area; see schema.ts for the conventions.
import type { AcceptRow, ExceptRow } from '@switchboard/model';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { namedRecord } from './schema-core.js';
import { nameIndexes, stamps } from './schema-helpers.js';

/**
 * Calendars. The work week and the holidays are read and written whole with their calendar, so
 * they are jsonb columns of its row; the model checks their rules (order, overlap) before a write.
 */
export const calendars = pgTable(
  'calendars',
  {
    ...namedRecord(),
    /** IANA zone name. */
    timezone: text('timezone').notNull(),
    /** Validity, as epoch milliseconds; both null when the calendar does not expire. */
    startAt: bigint('start_at', { mode: 'number' }),
    endAt: bigint('end_at', { mode: 'number' }),
    accepts: jsonb('accepts').$type<AcceptRow[]>().notNull().default([]),
    excepts: jsonb('excepts').$type<ExceptRow[]>().notNull().default([]),
    ...stamps,
  },
  (t) => [...nameIndexes('calendars', t), index('calendars_domain_name').on(t.domainId, t.name)],
);
