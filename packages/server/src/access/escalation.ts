import {
  type AccessMode,
  APPLICATIONS,
  BYPASS_PERMISSION,
  type Permission,
  RIGHTS,
  type RoleAccess,
  rightBit,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { classAllows } from '../access/rights.js';
import { keyedError } from '../core/errors.js';
import type { Principal } from '../core/principal.js';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { mergeAccess } from './role-access.js';

/**
 * What a set of roles grants: global permissions, class grant bits by class name (rights in the
 * low nibble, delegation "manage" in the high one) and application/section access.
 */
export type Rights = { permissions: Set<string>; classBits: Map<string, number>; access: RoleAccess };

export const noRights = (): Rights => ({ permissions: new Set(), classBits: new Map(), access: {} });

/** The union of what the given roles of a domain grant. */
export async function rolesRights(db: Db, domainId: number, roleIds: number[]): Promise<Rights> {
  const ids = [...new Set(roleIds)];
  if (!ids.length) return noRights();
  const roles = await queryRows<{ permissions: string[]; metadata: { access: Record<string, unknown> } }>(
    db,
    sql`select permissions, metadata from roles where domain_id = ${domainId} and id in ${ids}`,
  );
  const grants = await queryRows<{ cls: string; bits: number }>(
    db,
    sql`select o.class as cls, bit_or(g.access)::int as bits from class_grants g join objclass o on o.id = g.objclass_id
        where o.domain_id = ${domainId} and g.role_id in ${ids} group by o.class`,
  );
  return {
    permissions: new Set(roles.flatMap((r) => r.permissions)),
    classBits: new Map(grants.map((g) => [g.cls, g.bits])),
    access: mergeAccess(roles.map((r) => r.metadata)),
  };
}

/** What the user's roles grant. */
export async function userRights(db: Db, domainId: number, userId: number): Promise<Rights> {
  const rows = await queryRows<{ roleId: number }>(
    db,
    sql`select role_id as "roleId" from user_roles where user_id = ${userId}`,
  );
  return rolesRights(
    db,
    domainId,
    rows.map((r) => r.roleId),
  );
}

const modeOf = (access: RoleAccess, app: (typeof APPLICATIONS)[number], section?: string): AccessMode => {
  const a = access[app];
  if (!a) return 1;
  return (section ? (a.sections?.[section] ?? a.access) : a.access) ?? 1;
};

/**
 * The parts of `rights` the actor does not hold, each named (`permission systemSetting`,
 * `users: w`, `users: manage d`, `application admin`). A class right counts as held where the
 * actor's scope allows it (class checks off included); delegation ("manage") needs the actor's
 * own manage bit or the bypass permission.
 */
export function excess(actor: Principal, actorRights: Rights, rights: Rights): string[] {
  const out: string[] = [];
  for (const p of rights.permissions) if (!actor.permissions.has(p as Permission)) out.push(`permission ${p}`);
  for (const [cls, bits] of rights.classBits) {
    const held = actorRights.classBits.get(cls) ?? 0;
    for (const r of RIGHTS) {
      const b = rightBit(r);
      if (bits & b && !classAllows(actor, cls, r)) out.push(`${cls}: ${r}`);
      if (bits & (b << 4) && !(held & (b << 4)) && !actor.permissions.has(BYPASS_PERMISSION[r]))
        out.push(`${cls}: manage ${r}`);
    }
  }
  for (const app of APPLICATIONS) {
    const a = rights.access[app];
    if (!a) continue;
    if (modeOf(rights.access, app) > modeOf(actor.access, app)) out.push(`application ${app}`);
    for (const section of Object.keys(a.sections ?? {})) {
      if (modeOf(rights.access, app, section) > modeOf(actor.access, app, section)) {
        out.push(`section ${app}/${section}`);
      }
    }
  }
  return out;
}

/** Refuses (403) a change after which `after` grants something beyond the actor that `before` did not. */
export function refuseEscalation(actor: Principal, actorRights: Rights, before: Rights, after: Rights) {
  const already = new Set(excess(actor, actorRights, before));
  const added = excess(actor, actorRights, after).filter((x) => !already.has(x));
  if (added.length) {
    throw keyedError(403, 'app.auth.forbidden', 'grantBeyond', { rights: added.join(', ') });
  }
}

/** Refuses (403) acting on a user whose roles grant more than the actor holds. */
export async function refuseStrongerUser(
  db: Db,
  actor: Principal,
  userId: number,
  action:
    | 'strongerUserTwoFactor'
    | 'strongerUserLogOut'
    | 'strongerUserPassword'
    | 'strongerUserToken'
    | 'strongerUserState'
    | 'strongerUserDelete'
    | 'strongerUserRoles'
    | 'strongerUserUsername',
) {
  if (userId === actor.userId) return;
  const actorRights = await rolesRights(db, actor.domainId, actor.roleIds);
  const beyond = excess(actor, actorRights, await userRights(db, actor.domainId, userId));
  if (beyond.length) {
    throw keyedError(403, 'app.auth.forbidden', action, { rights: beyond.join(', ') });
  }
}

/** Refuses (403) a change to a role the actor holds: it would change the actor's own rights. */
export function refuseOwnRole(actor: Principal, roleIds: Iterable<number>) {
  for (const id of roleIds) {
    if (actor.roleIds.includes(id)) throw keyedError(403, 'app.auth.forbidden', 'ownRoleRights');
  }
}
