import { BYPASS_PERMISSION, type Right, rightBit } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../core/principal.js';
import type { Statement } from '../db/sql.js';

/** Does the class check rights per record for this principal's domain? */
export function recordChecksOn(principal: Principal, cls: string | null): boolean {
  if (!cls) return false;
  return principal.scope.get(cls)?.rbac === true;
}

/**
 * The condition (over the row alias `t`) that keeps only records one of the principal's roles
 * holds `right` on; null when no record check applies (rbac off, or the global permission
 * that bypasses it).
 */
export function recordFilter(principal: Principal, cls: string | null, right: Right): SQL | null {
  if (!cls || !recordChecksOn(principal, cls)) return null;
  if (principal.permissions.has(BYPASS_PERMISSION[right])) return null;
  if (!principal.roleIds.length) return sql`false`;
  const bit = rightBit(right);
  return sql`exists (select 1 from record_acl a where a.class = ${cls} and a.record_id = t.id and a.grantee_id in ${principal.roleIds} and (a.access & ${bit}) <> 0)`;
}

/** recordFilter as text of a statement under construction (the list's fast path). */
export function recordFilterText(principal: Principal, cls: string | null, right: Right, st: Statement): string | null {
  if (!cls || !recordChecksOn(principal, cls)) return null;
  if (principal.permissions.has(BYPASS_PERMISSION[right])) return null;
  if (!principal.roleIds.length) return 'false';
  return `exists (select 1 from record_acl a where a.class = ${st.param(cls)} and a.record_id = t.id and a.grantee_id in ${st.list(principal.roleIds)} and (a.access & ${rightBit(right)}) <> 0)`;
}
