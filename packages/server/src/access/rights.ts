import { BYPASS_PERMISSION, type Right, rightBit } from '@switchboard/model';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Principal } from '../core/principal.js';
import { recordAcl } from '../db/schema.js';

/** Does the class right hold (obac on: from the scope; off: every user of the domain)? */
export function classAllows(principal: Principal, cls: string, right: Right): boolean {
  if (principal.permissions.has(BYPASS_PERMISSION[right])) return true;
  const entry = principal.scope.get(cls);
  if (!entry) return false;
  return !entry.obac || entry.access.includes(right);
}

/** Does one of the caller's roles hold the right on this record (record ACL)? */
export async function recordAllows(
  ctx: AppContext,
  principal: Principal,
  cls: string,
  recordId: number,
  right: Right,
): Promise<boolean> {
  if (principal.permissions.has(BYPASS_PERMISSION[right])) return true;
  if (!principal.roleIds.length) return false;
  const rows = await ctx.db
    .select({ one: sql<number>`1` })
    .from(recordAcl)
    .where(
      and(
        eq(recordAcl.domainId, principal.domainId),
        eq(recordAcl.class, cls),
        eq(recordAcl.recordId, recordId),
        inArray(recordAcl.granteeId, principal.roleIds),
        sql`(${recordAcl.access} & ${rightBit(right)}) <> 0`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Is record-level checking on for this class of the caller's domain? */
export function recordChecksOn(principal: Principal, cls: string): boolean {
  return principal.scope.get(cls)?.rbac === true;
}
