import { bitsToGrants, grantsToBits } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../core/errors.js';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';

export type AclRow = { grantee: { id: number; name: string }; granted: string };
export type AclChange = { grantee: { id: number }; grants: string };

/** Every role id must be a role of the domain; answers 400 naming the field otherwise. */
export async function checkRoles(
  db: Db,
  domainId: number,
  ids: number[],
  name = 'acl',
  field = 'grantee',
): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await queryRows<{ id: number }>(
    db,
    sql`select id from roles where domain_id = ${domainId} and id in ${unique}`,
  );
  if (found.length !== unique.length) {
    const known = new Set(found.map((r) => r.id));
    const missing = unique.filter((id) => !known.has(id));
    const params = { ids: missing.join(', ') };
    throw keyedError(400, `app.${name}.validation`, 'unknownRoles', params, [
      keyedField(field, 'unknownRoles', params),
    ]);
  }
}

/** The last entry for a grantee wins; letters become rights bits. */
export function changesToBits(changes: AclChange[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const c of changes) out.set(c.grantee.id, grantsToBits(c.grants));
  return out;
}

export function toAclRows(rows: { id: number; name: string; access: number }[]): AclRow[] {
  return rows.map((r) => ({ grantee: { id: r.id, name: r.name }, granted: bitsToGrants(r.access) }));
}

/** Record ACL of one record, grantees by name. */
export async function readRecordAcl(db: Db, cls: string, recordId: number): Promise<AclRow[]> {
  const rows = await queryRows<{ id: number; name: string; access: number }>(
    db,
    sql`select r.id, r.name, a.access from record_acl a join roles r on r.id = a.grantee_id
        where a.class = ${cls} and a.record_id = ${recordId} order by r.name, r.id`,
  );
  return toAclRows(rows);
}

/** Replaces the letters of each grantee named; empty letters remove the grantee. */
export async function writeRecordAcl(
  db: Db,
  domainId: number,
  cls: string,
  recordId: number,
  bits: Map<number, number>,
): Promise<void> {
  for (const [granteeId, access] of bits) {
    if (access === 0) {
      await db.execute(
        sql`delete from record_acl where class = ${cls} and record_id = ${recordId} and grantee_id = ${granteeId}`,
      );
    } else {
      await db.execute(sql`
        insert into record_acl (domain_id, class, record_id, grantee_id, access)
        values (${domainId}, ${cls}, ${recordId}, ${granteeId}, ${access})
        on conflict (class, record_id, grantee_id) do update set access = excluded.access`);
    }
  }
}

/** The union of the rights bits the given roles hold on one record. */
export async function heldRecordBits(db: Db, cls: string, recordId: number, roleIds: number[]): Promise<number> {
  if (!roleIds.length) return 0;
  const [row] = await queryRows<{ bits: number | null }>(
    db,
    sql`select bit_or(access)::int as bits from record_acl
        where class = ${cls} and record_id = ${recordId} and grantee_id in ${roleIds}`,
  );
  return row?.bits ?? 0;
}
