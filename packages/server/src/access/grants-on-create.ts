import { sql } from 'drizzle-orm';
import type { Principal } from '../core/principal.js';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { writeRecordAcl } from './acl-store.js';

/** Every right, each at manage level (allow and delegate). */
export const FULL_ACCESS = 0xff;

/**
 * A new record belongs to its creator's roles with every right at manage level; the class's
 * default record access (rules whose grantor is one of those roles) adds its grantees. Written
 * whether or not rbac is on, so turning rbac on later keeps records reachable by their owners.
 */
export async function grantOnCreate(db: Db, principal: Principal, cls: string, recordId: number): Promise<void> {
  const bits = await createGrants(db, principal.domainId, principal.roleIds, cls);
  await writeRecordAcl(db, principal.domainId, cls, recordId, bits);
}

/** The record rights a new record of `cls` gets when a holder of `roleIds` creates it: role → bits. */
export async function createGrants(
  db: Db,
  domainId: number,
  roleIds: readonly number[],
  cls: string,
): Promise<Map<number, number>> {
  const bits = new Map<number, number>();
  for (const roleId of roleIds) bits.set(roleId, FULL_ACCESS);
  if (roleIds.length) {
    const defaults = await queryRows<{ grantee: number; access: number }>(
      db,
      sql`select d.grantee_id as grantee, d.access from default_acl d join objclass o on o.id = d.objclass_id
          where o.domain_id = ${domainId} and o.class = ${cls} and d.grantor_id in ${[...roleIds]}`,
    );
    for (const d of defaults) bits.set(d.grantee, (bits.get(d.grantee) ?? 0) | d.access);
  }
  return bits;
}
