import { bitsToGrants, PERMISSIONS, type Permission, type ScopeEntry, type UserInfo } from '@switchboard/model';
import { and, eq, inArray } from 'drizzle-orm';
import { mergeAccess } from '../access/role-access.js';
import type { Principal } from '../core/principal.js';
import type { Db } from '../db/client.js';
import { classGrants, domains, objclass, roles, userRoles, users } from '../db/schema.js';
import type { TokenRow } from './tokens.js';

type RoleRow = { id: number; name: string; permissions: string[]; metadata: { access: Record<string, unknown> } };

const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);
/**
 * Resolves who holds a token: the user, its roles, the union of their permissions, the scope
 * over every object class of the domain and the merged application access. Null when the user
 * is gone or inactive.
 */
export async function loadPrincipal(
  db: Db,
  token: Pick<TokenRow, 'id' | 'userId' | 'expiresAt' | 'kind'>,
): Promise<Principal | null> {
  const [user] = await db
    .select({
      id: users.id,
      domainId: users.domainId,
      name: users.name,
      username: users.username,
      domain: domains.name,
    })
    .from(users)
    .innerJoin(domains, eq(domains.id, users.domainId))
    // An inactive user's sessions and API tokens stop working with the change of state.
    .where(and(eq(users.id, token.userId), eq(users.state, true)))
    .limit(1);
  if (!user) return null;
  const roleRows: RoleRow[] = await db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions, metadata: roles.metadata })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id))
    .orderBy(roles.name);
  const roleIds = roleRows.map((r) => r.id);
  const classes = await db
    .select({ id: objclass.id, class: objclass.class, obac: objclass.obac, rbac: objclass.rbac })
    .from(objclass)
    .where(eq(objclass.domainId, user.domainId))
    .orderBy(objclass.class);
  const grants = roleIds.length
    ? await db
        .select({ objclassId: classGrants.objclassId, access: classGrants.access })
        .from(classGrants)
        .innerJoin(objclass, eq(objclass.id, classGrants.objclassId))
        .where(and(eq(objclass.domainId, user.domainId), inArray(classGrants.roleId, roleIds)))
    : [];
  const bitsByClass = new Map<number, number>();
  for (const g of grants) bitsByClass.set(g.objclassId, (bitsByClass.get(g.objclassId) ?? 0) | g.access);
  const scope = new Map<string, ScopeEntry>();
  for (const c of classes) {
    // The scope lists the rights held, each letter once: delegation (manage) is not a right to act;
    // `manage` lists the rights the user may grant on (the console offers no more).
    const bits = bitsByClass.get(c.id) ?? 0;
    const access = bitsToGrants(bits & 0x0f);
    const manage = bitsToGrants((bits >> 4) & 0x0f);
    scope.set(c.class, { class: c.class, access, obac: c.obac, rbac: c.rbac, manage });
  }
  const permissions = new Set<Permission>();
  for (const r of roleRows) for (const p of r.permissions) if (isPermission(p)) permissions.add(p);
  return {
    userId: user.id,
    domainId: user.domainId,
    domain: user.domain,
    name: user.name,
    username: user.username,
    roleIds,
    roles: roleRows.map((r) => ({ id: r.id, name: r.name })),
    permissions,
    scope,
    access: mergeAccess(roleRows.map((r) => r.metadata)),
    tokenId: token.id,
    tokenExpiresAt: token.expiresAt,
    tokenKind: token.kind,
  };
}

/** The session as GET /api/userinfo answers it. */
export function userInfoOf(principal: Principal, license: { id: number; prod: string }[]): UserInfo {
  return {
    userId: principal.userId,
    name: principal.name,
    username: principal.username,
    domain: principal.domain,
    domainId: principal.domainId,
    scope: [...principal.scope.values()],
    roles: principal.roles,
    permissions: PERMISSIONS.filter((p) => principal.permissions.has(p)),
    access: principal.access,
    license,
  };
}
