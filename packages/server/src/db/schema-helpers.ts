import { sql } from 'drizzle-orm';
import { index, timestamp } from 'drizzle-orm/pg-core';

/**
 * One schema for both drivers. Search columns get a `lower(col) text_pattern_ops` index so a
 * case-insensitive prefix LIKE uses it under any collation (Debian's clusters use C.UTF-8).
 */
export const searchIndex = (name: string, col: Parameters<typeof sql>[1]) =>
  index(name).using('btree', sql`lower(${col}) text_pattern_ops`);

export const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
};
