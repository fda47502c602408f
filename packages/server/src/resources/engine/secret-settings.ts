import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import type { FieldBinding, WriteContext } from './types.js';

/**
 * Write-only values of a record, never answered. Settings kept as a text map (the jsonb `column` of `table`) of which `keys` are secrets: never
 * answered, and sent back empty by a client (which never saw them), they keep the stored value.
 */

/** The map as answered, without the secrets, and `secretsSet`: those of them holding a value. */
export function secretFields(column: string, keys: readonly string[]): Record<string, FieldBinding> {
  const array = `array[${keys.map((k) => `'${k}'`).join(', ')}]::text[]`;
  return {
    [column]: { select: `(t.${column} - ${array})` },
    secretsSet: {
      select: `coalesce((select jsonb_agg(k order by k) from jsonb_each_text(t.${column}) as s(k, v)
        where k = any(${array}) and v <> ''), '[]'::jsonb)`,
    },
  };
}

/** A `beforeWrite` filling the secrets an update sends empty from the stored record. */
export function keepStoredSecrets(table: string, column: string, keys: readonly string[]) {
  return async (body: Record<string, unknown>, ctx: WriteContext, tx?: Db) => {
    if (!ctx.old || !body[column] || !tx) return;
    const [stored] = await queryRows<{ settings: Record<string, string> }>(
      tx,
      sql`select ${sql.identifier(column)} as settings from ${sql.identifier(table)} where id = ${ctx.old.id as number}`,
    );
    const sent = body[column] as Record<string, string>;
    for (const key of keys) {
      if (!sent[key] && stored?.settings[key]) sent[key] = stored.settings[key];
    }
  };
}

/**
 * A write-only password column: an update sending it empty keeps the stored one, and
 * `passwordSet` answers whether one is stored.
 */
export function passwordFields(): Record<string, FieldBinding> {
  return {
    password: {
      write: (value, row) => {
        if (typeof value === 'string' && value !== '') row.password = value;
      },
    },
    passwordSet: { select: `(t.password <> '')` },
  };
}
