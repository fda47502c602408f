import { type PgColumn, type PgColumnBuilderBase, pgTable } from 'drizzle-orm/pg-core';
import { domainRecord } from './schema-core.js';
import { heldOnce, stamps } from './schema-helpers.js';

/**
 * A record held once per parent record (a queue's skill, an agent's skill): a domain's record with
 * its two references (`ends`: the parent's first, then the held record's), its own `columns` and
 * stamps, indexed as heldOnce says (`names` name the two ends in the index names).
 */
export function heldOnceTable<
  N extends string,
  E extends Record<string, PgColumnBuilderBase>,
  C extends Record<string, PgColumnBuilderBase>,
>(name: N, names: [parent: string, held: string], ends: E, columns: C) {
  const [parent, held] = Object.keys(ends);
  return pgTable(name, { ...domainRecord(), ...ends, ...columns, ...stamps }, (t) => {
    const byKey = t as unknown as Record<string, PgColumn>;
    return heldOnce(name, names, byKey[parent], byKey[held]);
  });
}
