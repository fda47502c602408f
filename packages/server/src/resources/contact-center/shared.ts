import type { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { USER_NAME_SQL } from '../directory/users/users.js';

/** An agent's name is its user's: SQL over an agent row alias. */
export const AGENT_NAME_SQL = (alias: string) =>
  `(select ${USER_NAME_SQL('u')} from users u where u.id = ${alias}.user_id)`;

/** Names of at most 20 records, quoted and joined, for a 409 answer that lists what uses a record. */
export async function namesOf(tx: Db, query: ReturnType<typeof sql>): Promise<string | null> {
  const rows = await queryRows<{ name: string }>(tx, query);
  if (!rows.length) return null;
  return rows.map((r) => `"${r.name}"`).join(', ');
}

/** 400 naming a reference to a record that is missing or of another domain. */
export const noSuchRef = (name: string, field: string, resource: string) =>
  keyedError(400, `app.${name}.validation`, 'noSuchRef', { resource }, [keyedField(field, 'noSuchRef', { resource })]);
