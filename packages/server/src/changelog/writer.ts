import type { ChangeLogAction } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { queryRows } from '../resources/engine/sql.js';

export type ChangeEntry = {
  domainId: number;
  object: string;
  action: ChangeLogAction;
  userId: number | null;
  userIp: string;
  recordId: number | null;
  newState: unknown;
  oldState?: unknown;
};

/**
 * Keys whose values are secrets wherever they appear in a record: the log shows that one was set
 * ("***"), never its value. Answers leave most of them out already; this is the last line.
 */
const SECRET_KEYS = new Set(['password', 'token', 'apiKey', 'apiHash', 'clientSecret', 'accessToken', 'secret']);
export const MASK = '***';

export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEYS.has(k) && typeof v === 'string' && v !== '' ? MASK : maskSecrets(v),
    ]),
  );
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(maskSecrets(value)));

/**
 * Writes one change-log entry when the domain has an enabled logger config for the object.
 * Pass the transaction that made the change so the entry commits or rolls back with it; the check
 * and the insert are one statement, so a disabled object costs one round trip and no row.
 */
export async function writeChange(db: Db, entry: ChangeEntry): Promise<void> {
  await db.execute(sql`
    insert into logger_entries (domain_id, object, action, user_id, user_ip, record_id, new_state, old_state)
    select ${entry.domainId}, ${entry.object}, ${entry.action}, ${entry.userId}, ${entry.userIp}, ${entry.recordId},
           ${json(entry.newState)}::jsonb, ${json(entry.oldState)}::jsonb
    where exists (
      select 1 from logger_config c
      where c.domain_id = ${entry.domainId} and c.object = ${entry.object} and c.enabled
    )`);
}

/** Whether the domain logs changes of the object (an enabled config), for entries costly to build. */
export async function isLogged(db: Db, domainId: number, object: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from logger_config where domain_id = ${domainId} and object = ${object} and enabled`,
  );
  return rows.length > 0;
}
