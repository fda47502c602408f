// Tables of the licenses area; see schema.ts for the conventions.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainRecord, users } from './schema-core.js';
import { flag, linkTable, searchIndex, stamps, timestamptz } from './schema-helpers.js';

/** Imported license documents: the verified fields, and the signed text as it was imported. */
export const licenses = pgTable(
  'licenses',
  {
    ...domainRecord(),
    serial: text('serial').notNull(),
    product: text('product').notNull(),
    scope: text('scope').array().notNull(),
    /** `limit` is a reserved word in SQL. */
    limit: integer('seat_limit').notNull(),
    competitive: flag('competitive', false),
    notBefore: timestamptz('not_before').notNull(),
    notAfter: timestamptz('not_after').notNull(),
    /** The domain named in the signed document (always the owning domain's name). */
    domain: text('domain').notNull(),
    certificate: text('certificate').notNull(),
    ...stamps,
  },
  (t) => [
    // A renewal carries the same serial and replaces the record instead of adding one.
    uniqueIndex('licenses_domain_serial').on(t.domainId, t.serial),
    searchIndex('licenses_product_search', t.product),
    searchIndex('licenses_serial_search', t.serial),
    index('licenses_domain_not_after').on(t.domainId, t.notAfter),
  ],
);

/** Which users hold which licenses; the count per license is its `used`. */
export const userLicenses = linkTable('user_licenses', { userId: () => users.id, licenseId: () => licenses.id });
