import { type ChangeLogAction, isAuditObject } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { RawTx } from '../db/raw.js';
import { queryRows } from '../db/sql.js';

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
const SECRET_KEYS = new Set([
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'apiKey',
  'apiHash',
  'secret',
  'clientSecret',
  'privateKey',
  'accessKey',
  'secretKey',
  'certificate',
]);
/**
 * Objects holding a profile's settings, where a plain `key` is a credential (a voice provider's
 * key). Elsewhere `key` names something (a variable's key) and stays.
 */
const SETTINGS_KEYS = new Set(['properties', 'metadata', 'settings', 'parameters']);
export const MASK = '***';

const isSecret = (key: string, v: unknown, inSettings: boolean) =>
  (SECRET_KEYS.has(key) || (inSettings && key === 'key')) && v !== '' && v !== null && v !== undefined;

export function maskSecrets(value: unknown, inSettings = false): unknown {
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, inSettings));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      isSecret(k, v, inSettings) && typeof v !== 'boolean' ? MASK : maskSecrets(v, SETTINGS_KEYS.has(k)),
    ]),
  );
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(maskSecrets(value)));

/**
 * Writes one change-log entry when the domain has an enabled logger config for the object, or
 * always for the security trail (AUDIT_OBJECTS). Pass the transaction that made the change so the
 * entry commits or rolls back with it; the check and the insert are one statement, so a disabled
 * object costs one round trip and no row.
 */
export async function writeChange(db: Db, entry: ChangeEntry): Promise<void> {
  const always = isAuditObject(entry.object);
  await db.execute(sql`
    insert into logger_entries (domain_id, object, action, user_id, user_ip, record_id, new_state, old_state)
    select ${entry.domainId}, ${entry.object}, ${entry.action}, ${entry.userId}, ${entry.userIp}, ${entry.recordId},
           ${json(entry.newState)}::jsonb, ${json(entry.oldState)}::jsonb
    where ${always} or exists (
      select 1 from logger_config c
      where c.domain_id = ${entry.domainId} and c.object = ${entry.object} and c.enabled
    )`);
}

/**
 * `writeChange` inside a transaction of the import job (plain statements on both drivers): the
 * same entry, under the same rule, committed with the work it records.
 */
export async function writeChangeRaw(tx: RawTx, entry: ChangeEntry): Promise<void> {
  await tx.query(
    `insert into logger_entries (domain_id, object, action, user_id, user_ip, record_id, new_state, old_state)
     select $1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb
     where $9::boolean or exists (
       select 1 from logger_config c where c.domain_id = $1 and c.object = $2 and c.enabled
     )`,
    [
      entry.domainId,
      entry.object,
      entry.action,
      entry.userId,
      entry.userIp,
      entry.recordId,
      json(entry.newState),
      json(entry.oldState),
      isAuditObject(entry.object),
    ],
  );
}

/** Whether the domain logs changes of the object (an enabled config), for entries costly to build. */
export async function isLogged(db: Db, domainId: number, object: string): Promise<boolean> {
  if (isAuditObject(object)) return true;
  const rows = await queryRows(
    db,
    sql`select 1 from logger_config where domain_id = ${domainId} and object = ${object} and enabled`,
  );
  return rows.length > 0;
}

/** The principal and address of a request, as an entry names who made the change. */
type Actor = { principal?: { domainId: number; userId: number } | null; ip: string };

/** Writes an entry of the security trail (or any object) made by the request's user, in `db`'s transaction. */
export async function writeActorChange(
  db: Db,
  actor: Actor,
  entry: Omit<ChangeEntry, 'domainId' | 'userId' | 'userIp'>,
): Promise<void> {
  const principal = actor.principal;
  if (!principal) return;
  await writeChange(db, { ...entry, domainId: principal.domainId, userId: principal.userId, userIp: actor.ip });
}

/**
 * Grants as the log shows them: letters by role name, so that the change of one role's rights
 * reads as one field of the entry (`grants.Supervisor`: `r` → `rw`).
 */
export const grantsByRole = (rows: readonly { grantee: { name: string }; granted: string }[]): Record<string, string> =>
  Object.fromEntries(rows.filter((r) => r.granted !== '').map((r) => [r.grantee.name, r.granted]));
