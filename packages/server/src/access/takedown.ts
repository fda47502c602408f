import { APPLICATIONS, grantsToBits, PERMISSIONS, type ProtectedReason, RIGHTS, rightBit } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError } from '../core/errors.js';
import type { Principal } from '../core/principal.js';
import type { Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';
import { excess, noRights, type Rights, rolesRights } from './escalation.js';
import { mergeAccess } from './role-access.js';

/**
 * Nobody takes the administrator down: a user or role holding rights beyond the actor's cannot be
 * disabled, deleted or reduced by them, a role one holds cannot be reduced by oneself, and no
 * change may leave a domain that had an active user holding every right without one.
 */

/** Every right on a class: each of r, x, w, d, and its manage bit. */
export const FULL_CLASS_BITS = grantsToBits('rrxxwwdd');

const modeOf = (r: Rights, app: (typeof APPLICATIONS)[number], section?: string) => {
  const a = r.access[app];
  if (!a) return 1;
  return (section ? (a.sections?.[section] ?? a.access) : a.access) ?? 1;
};

/** What `before` grants that `after` does not, each named as `excess` names them. */
export function lost(before: Rights, after: Rights): string[] {
  const out: string[] = [];
  for (const p of before.permissions) if (!after.permissions.has(p)) out.push(`permission ${p}`);
  for (const [cls, bits] of before.classBits) {
    const left = after.classBits.get(cls) ?? 0;
    for (const r of RIGHTS) {
      const b = rightBit(r);
      if (bits & b && !(left & b)) out.push(`${cls}: ${r}`);
      if (bits & (b << 4) && !(left & (b << 4))) out.push(`${cls}: manage ${r}`);
    }
  }
  for (const app of APPLICATIONS) {
    if (modeOf(after, app) < modeOf(before, app)) out.push(`application ${app}`);
    // A section named on either side: one newly set below its application's mode is lost too.
    const sections = new Set([
      ...Object.keys(before.access[app]?.sections ?? {}),
      ...Object.keys(after.access[app]?.sections ?? {}),
    ]);
    for (const section of sections) {
      if (modeOf(after, app, section) < modeOf(before, app, section)) out.push(`section ${app}/${section}`);
    }
  }
  return out;
}

/** Whether `r` grants every permission, every right on each of `classes` and manage on every application. */
export function isEveryRight(r: Rights, classes: readonly string[]): boolean {
  if (!PERMISSIONS.every((p) => r.permissions.has(p))) return false;
  if (!classes.every((c) => ((r.classBits.get(c) ?? 0) & FULL_CLASS_BITS) === FULL_CLASS_BITS)) return false;
  for (const app of APPLICATIONS) {
    if (modeOf(r, app) < 3) return false;
    for (const section of Object.keys(r.access[app]?.sections ?? {})) if (modeOf(r, app, section) < 3) return false;
  }
  return true;
}

const union = (list: Rights[]): Rights => {
  const out = noRights();
  for (const r of list) {
    for (const p of r.permissions) out.permissions.add(p);
    for (const [cls, bits] of r.classBits) out.classBits.set(cls, (out.classBits.get(cls) ?? 0) | bits);
  }
  out.access = mergeAccess(list.map((r) => ({ access: r.access as Record<string, unknown> })));
  return out;
};

/** A change seen before it is written: a role's new rights (null: deleted), a user's new roles (null: disabled or deleted). */
export type Overrides = { roles?: Map<number, Rights | null>; users?: Map<number, number[] | null> };

type DomainRights = { classes: string[]; roles: Map<number, Rights>; users: Map<number, number[]> };

async function loadDomainRights(db: Db, domainId: number): Promise<DomainRights> {
  const classes = await queryRows<{ cls: string }>(
    db,
    sql`select class as cls from objclass where domain_id = ${domainId}`,
  );
  const roleRows = await queryRows<{
    id: number;
    permissions: string[];
    metadata: { access: Record<string, unknown> };
  }>(db, sql`select id, permissions, metadata from roles where domain_id = ${domainId}`);
  const grants = await queryRows<{ roleId: number; cls: string; access: number }>(
    db,
    sql`select g.role_id as "roleId", o.class as cls, g.access from class_grants g join objclass o on o.id = g.objclass_id
        where o.domain_id = ${domainId}`,
  );
  const holders = await queryRows<{ userId: number; roleId: number }>(
    db,
    sql`select ur.user_id as "userId", ur.role_id as "roleId" from user_roles ur join users u on u.id = ur.user_id
        where u.domain_id = ${domainId} and u.state`,
  );
  const roles = new Map<number, Rights>();
  for (const r of roleRows) {
    roles.set(r.id, {
      permissions: new Set(r.permissions),
      classBits: new Map(),
      access: mergeAccess([r.metadata ?? { access: {} }]),
    });
  }
  for (const g of grants) roles.get(g.roleId)?.classBits.set(g.cls, g.access);
  const users = new Map<number, number[]>();
  for (const h of holders) users.set(h.userId, [...(users.get(h.userId) ?? []), h.roleId]);
  return { classes: classes.map((c) => c.cls), roles, users };
}

function fullHolders(d: DomainRights, overrides: Overrides = {}): number[] {
  const roleOf = (id: number) => (overrides.roles?.has(id) ? overrides.roles.get(id) : d.roles.get(id)) ?? null;
  const users = new Map(d.users);
  for (const [id, roleIds] of overrides.users ?? []) {
    if (roleIds) users.set(id, roleIds);
    else users.delete(id);
  }
  const out: number[] = [];
  for (const [userId, roleIds] of users) {
    const held = roleIds.map(roleOf).filter((r): r is Rights => r !== null);
    if (isEveryRight(union(held), d.classes)) out.push(userId);
  }
  return out;
}

/**
 * The domain rights the console's protection marks read (`protectedUsers`, `protectedRoles`: every
 * users or roles list asks), kept per database handle for KEEP_RIGHTS_MS and forgotten at once on
 * any change of users, roles, grants or classes (auth/cache.ts calls `forgetKeptRights`, here and
 * on every other node). The refusals themselves read inside their own transaction, never from here.
 */
const KEEP_RIGHTS_MS = 10_000;
type KeptRights = {
  generation: number;
  domains: Map<number, Kept>;
};
/**
 * A domain's rights, its users holding every right, and the roles of each user (inactive ones
 * too); `marks`: the users' marks already worked out for a viewer, by its principal (the object
 * the principal cache answers while nothing changed: a change of rights makes both anew).
 */
type Kept = {
  d: DomainRights;
  holders: number[];
  rolesOf: Map<number, number[]>;
  until: number;
  marks: WeakMap<Principal, ViewerMarks>;
};
/** A viewer's rights in the kept domain rights, and the marks of the users and roles it listed (null: none). */
type ViewerMarks = {
  rights: Rights;
  users: Map<number, ProtectedReason | null>;
  roles: Map<number, ProtectedReason | null>;
  /** What the reasons are worked out from, made once per viewer. */
  seen: Seen;
};
/** The kept rights as `reasonOf` reads them: `held` unites some roles' rights, `actorRights` are the viewer's. */
type Seen = Kept & { held: (roleIds: number[]) => Rights; actorRights: Rights };
const keptRights = new WeakMap<object, KeptRights>();

/** Forgets the kept domain rights of this database handle. */
export function forgetKeptRights(db: object): void {
  const k = keptRights.get(db);
  if (!k) return;
  k.domains.clear();
  k.generation++;
}

/** The domain's kept rights while fresh, else null (read them with `keptDomainRights`). */
function freshKeptRights(db: Db, domainId: number): Kept | null {
  const hit = keptRights.get(db)?.domains.get(domainId);
  return hit && hit.until > Date.now() ? hit : null;
}

async function keptDomainRights(db: Db, domainId: number): Promise<Kept> {
  let k = keptRights.get(db);
  if (!k) {
    k = { generation: 0, domains: new Map() };
    keptRights.set(db, k);
  }
  const hit = k.domains.get(domainId);
  if (hit && hit.until > Date.now()) return hit;
  const generation = k.generation;
  const d = await loadDomainRights(db, domainId);
  const rows = await queryRows<{ userId: number; roleId: number }>(
    db,
    sql`select ur.user_id as "userId", ur.role_id as "roleId" from user_roles ur join users u on u.id = ur.user_id
        where u.domain_id = ${domainId}`,
  );
  const rolesOf = new Map<number, number[]>();
  for (const r of rows) rolesOf.set(r.userId, [...(rolesOf.get(r.userId) ?? []), r.roleId]);
  const entry: Kept = { d, holders: fullHolders(d), rolesOf, until: Date.now() + KEEP_RIGHTS_MS, marks: new WeakMap() };
  // Not when something changed while the database was asked: the rights read may predate it.
  if (k.generation === generation) {
    if (k.domains.size >= 1_000) k.domains.clear();
    k.domains.set(domainId, entry);
  }
  return entry;
}

const lastAdministrator = () => keyedError(409, 'app.auth.last_administrator', 'lastAdministrator');

/**
 * Refuses (409) a change after which no active user of the domain holds every right, where one
 * did before (a domain that never had one is not held to it).
 */
export async function refuseLastAdministrator(db: Db, domainId: number, overrides: Overrides) {
  const d = await loadDomainRights(db, domainId);
  if (fullHolders(d).length && !fullHolders(d, overrides).length) throw lastAdministrator();
}

/**
 * Deletes run their checks for every record before deleting any: the holders are counted once
 * before (`noteAdministrators` in beforeDelete) and again after (`refuseNoAdministratorLeft` in
 * afterDelete, same transaction, whose error rolls the delete back).
 */
const before = new WeakMap<object, number>();

export async function noteAdministrators(tx: Db, domainId: number) {
  if (!before.has(tx)) before.set(tx, fullHolders(await loadDomainRights(tx, domainId)).length);
}

export async function refuseNoAdministratorLeft(tx: Db, domainId: number) {
  const had = before.get(tx) ?? 0;
  before.delete(tx);
  if (had && !fullHolders(await loadDomainRights(tx, domainId)).length) throw lastAdministrator();
}

/** The rights `target` holds beyond the actor, named; none for oneself. */
export async function beyondActor(db: Db, actor: Principal, target: Rights): Promise<string[]> {
  return excess(actor, await rolesRights(db, actor.domainId, actor.roleIds), target);
}

/**
 * Checks changes of roles' rights (null: the role is deleted): a role holding rights beyond the
 * actor is neither reduced nor deleted by them, a role the actor holds is not reduced (raising it
 * within the actor's own rights is allowed: that is how a reduced role is restored), and the
 * domain keeps an active user holding every right. `after` is each role's whole rights (record
 * fields and class grants).
 */
export async function refuseRoleTakedown(db: Db, actor: Principal, changes: Map<number, Rights | null>) {
  for (const [roleId, after] of changes) {
    const current = await rolesRights(db, actor.domainId, [roleId]);
    const taken = after ? lost(current, after) : [];
    if (after && !taken.length) continue;
    if (after && actor.roleIds.includes(roleId)) {
      throw keyedError(403, 'app.auth.forbidden', 'ownRoleReduce', { rights: taken.join(', ') });
    }
    const beyond = await beyondActor(db, actor, current);
    if (beyond.length) {
      const key = after ? 'strongerRoleReduce' : 'strongerRoleDelete';
      throw keyedError(403, 'app.auth.forbidden', key, { rights: beyond.join(', ') });
    }
  }
  await refuseLastAdministrator(db, actor.domainId, { roles: changes });
}

/**
 * The records among `ids` the actor may not act on, with the reason `reasonOf` finds; `held`
 * answers the rights some roles grant together, `actorRights` the actor's own. Each reason is
 * worked out once per viewer while the domain's rights are kept (`marks`).
 */
function protectedAmong(
  db: Db,
  actor: Principal,
  ids: number[],
  kind: 'users' | 'roles',
  reasonOf: (id: number, k: Seen) => ProtectedReason | null,
): Promise<Map<number, ProtectedReason>> {
  if (!ids.length) return Promise.resolve(new Map());
  // The list's hot path: the domain's rights kept, nothing to wait for.
  const fresh = freshKeptRights(db, actor.domainId);
  if (fresh) return Promise.resolve(marksOf(fresh, actor, ids, kind, reasonOf));
  return keptDomainRights(db, actor.domainId).then((kept) => marksOf(kept, actor, ids, kind, reasonOf));
}

/** The marks of `ids` for the viewer in the kept rights, each worked out once. */
function marksOf(
  kept: Kept,
  actor: Principal,
  ids: number[],
  kind: 'users' | 'roles',
  reasonOf: (id: number, k: Seen) => ProtectedReason | null,
): Map<number, ProtectedReason> {
  const out = new Map<number, ProtectedReason>();
  let viewer = kept.marks.get(actor);
  if (!viewer) {
    const held = (roleIds: number[]) => union(roleIds.map((id) => kept.d.roles.get(id)).filter((r) => r !== undefined));
    const rights = held(actor.roleIds);
    viewer = { rights, users: new Map(), roles: new Map(), seen: { ...kept, held, actorRights: rights } };
    kept.marks.set(actor, viewer);
  }
  const known = viewer[kind];
  for (const id of ids) {
    let reason = known.get(id);
    if (reason === undefined) {
      reason = reasonOf(id, viewer.seen);
      known.set(id, reason);
    }
    if (reason) out.set(id, reason);
  }
  return out;
}

/**
 * What the console needs to know before it offers an action the server would refuse, by the
 * rules above, with the reason (PROTECTED_REASONS): the users among `userIds` the actor may not
 * disable, rename, strip or delete (`stronger`: another user holding rights beyond the actor's;
 * `lastAdministrator`: the domain's last active user holding every right), and the roles among
 * `roleIds` the actor may not reduce or delete (`held`: one the actor holds; `stronger`: one
 * holding rights beyond the actor's; `lastAdministrator`: one without which no active user holds
 * every right). Reads the domain's rights once, whatever the number of records.
 */
export function protectedUsers(db: Db, actor: Principal, userIds: number[]): Promise<Map<number, ProtectedReason>> {
  // Every holder of roles (inactive users too: re-enabling one is beyond the actor as well).
  return protectedAmong(db, actor, userIds, 'users', (id, { holders, rolesOf, held, actorRights }) => {
    if (id !== actor.userId && excess(actor, actorRights, held(rolesOf.get(id) ?? [])).length) return 'stronger';
    return holders.length === 1 && holders[0] === id ? 'lastAdministrator' : null;
  });
}

export function protectedRoles(db: Db, actor: Principal, roleIds: number[]): Promise<Map<number, ProtectedReason>> {
  return protectedAmong(db, actor, roleIds, 'roles', (id, { d, holders, actorRights }) => {
    const role = d.roles.get(id);
    if (!role) return null;
    if (actor.roleIds.includes(id)) return 'held';
    if (excess(actor, actorRights, role).length) return 'stronger';
    return holders.length && !fullHolders(d, { roles: new Map([[id, null]]) }).length ? 'lastAdministrator' : null;
  });
}
