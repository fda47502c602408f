import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Principal } from '../http/principal.js';
import { queryRows } from '../resources/engine/sql.js';
import { writeRecordAcl } from './acl-store.js';

/** Every right, each at manage level (allow and delegate). */
export const FULL_ACCESS = 0xff;

/**
 * A new record belongs to its creator's roles with every right at manage level; the class's
 * default record access (rules whose grantor is one of those roles) adds its grantees. Written
 * whether or not rbac is on, so turning rbac on later keeps records reachable by their owners.
 */
export async function grantOnCreate(db: Db, principal: Principal, cls: string, recordId: number): Promise<void> {
  const bits = new Map<number, number>();
  for (const roleId of principal.roleIds) bits.set(roleId, FULL_ACCESS);
  if (principal.roleIds.length) {
    const defaults = await queryRows<{ grantee: number; access: number }>(
      db,
      sql`select d.grantee_id as grantee, d.access from default_acl d join objclass o on o.id = d.objclass_id
          where o.domain_id = ${principal.domainId} and o.class = ${cls} and d.grantor_id in ${principal.roleIds}`,
    );
    for (const d of defaults) bits.set(d.grantee, (bits.get(d.grantee) ?? 0) | d.access);
  }
  await writeRecordAcl(db, principal.domainId, cls, recordId, bits);
}
