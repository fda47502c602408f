import { aclPatch, bitsToGrants, classAclEntry, defaultAclEntry, OBJECTS_PERMISSION } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { changesToBits, checkRoles, toAclRows } from '../../access/acl-store.js';
import { noRights, type Rights, refuseEscalation, refuseOwnRole, rolesRights } from '../../access/escalation.js';
import { protectedRoles, refuseRoleTakedown } from '../../access/takedown.js';
import { invalidateAuth } from '../../auth/cache.js';
import { grantsByRole, writeActorChange } from '../../changelog/writer.js';
import type { Principal } from '../../core/principal.js';
import { idParamDoc, paramId } from '../../core/route.js';
import { type SignedInRequest, signedInRoutes } from '../../core/signed-in.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { recordOf } from '../engine/record-of.js';

const aclAnswer = z.object({ items: z.array(classAclEntry) });
const defaultAclAnswer = z.object({ items: z.array(defaultAclEntry) });

// Object settings are system settings (OBJECTS_PERMISSION), for reading as for changing.
const OBJCLASS = { table: 'objclass', name: 'objclass', columns: 'class as cls' };

/** The object class of the path, one of the caller's domain. */
async function objclassOf(db: Db, request: SignedInRequest): Promise<{ id: number; cls: string }> {
  const { id, row } = await recordOf(request, OBJCLASS, { db });
  return { id, cls: row.cls as string };
}

const objclassId = async (db: Db, request: SignedInRequest) => (await recordOf(request, OBJCLASS, { db })).id;

/** A change of one class's grants: each role's bits before (0: none) and after. */
type ClassChange = { cls: string; roles: { roleId: number; before: number; after: number }[] };

/** The change from `held` (each grantee's bits before) to `bits` (after). */
function classChange(cls: string, held: { roleId: number; access: number }[], bits: Map<number, number>): ClassChange {
  const before = new Map(held.map((h) => [h.roleId, h.access]));
  return { cls, roles: [...bits].map(([roleId, after]) => ({ roleId, before: before.get(roleId) ?? 0, after })) };
}

/**
 * Nobody ends with more rights than they hold: grants to a role one holds are refused (unless
 * `ownRoles` is false: class grants, which refuseClassTakedown checks), and each grant may add
 * only class rights (and delegation) the actor holds.
 */
async function refuseClassEscalation(db: Db, actor: Principal, change: ClassChange, ownRoles = true) {
  if (ownRoles) {
    refuseOwnRole(
      actor,
      change.roles.filter((c) => c.before !== c.after).map((c) => c.roleId),
    );
  }
  const actorRights = await rolesRights(db, actor.domainId, actor.roleIds);
  const of = (bits: number) => ({ ...noRights(), classBits: new Map([[change.cls, bits]]) });
  for (const c of change.roles) refuseEscalation(actor, actorRights, of(c.before), of(c.after));
}

/**
 * Class grants are a role's rights: the same rules as for its other rights (see takedown.ts)
 * stop taking them away from a role one holds, or one holding more than one holds.
 */
async function refuseClassTakedown(db: Db, actor: Principal, change: ClassChange) {
  const changes = new Map<number, Rights>();
  for (const { roleId, before, after } of change.roles) {
    if (before === after) continue;
    const rights = await rolesRights(db, actor.domainId, [roleId]);
    rights.classBits.set(change.cls, after);
    changes.set(roleId, rights);
  }
  if (changes.size) await refuseRoleTakedown(db, actor, changes);
}

/**
 * The class grants as the console shows them to `viewer`: each role with why the server would
 * refuse the viewer reducing its grants (takedown.ts), null where it would not.
 */
async function viewClassGrants(db: Db, viewer: Principal, id: number) {
  const { items } = await readClassGrants(db, id);
  const kept = await protectedRoles(
    db,
    viewer,
    items.map((i) => i.grantee.id),
  );
  return { items: items.map((i) => ({ ...i, protectedBy: kept.get(i.grantee.id) ?? null })) };
}

export async function readClassGrants(db: Db, id: number) {
  const rows = await queryRows<{ id: number; name: string; access: number }>(
    db,
    sql`select r.id, r.name, g.access from class_grants g join roles r on r.id = g.role_id
        where g.objclass_id = ${id} order by r.name, r.id`,
  );
  return { items: toAclRows(rows) };
}

async function readDefaultAcl(db: Db, id: number) {
  const rows = await queryRows<{ grantorId: number; grantorName: string; id: number; name: string; access: number }>(
    db,
    sql`select o.id as "grantorId", o.name as "grantorName", e.id, e.name, d.access
        from default_acl d join roles o on o.id = d.grantor_id join roles e on e.id = d.grantee_id
        where d.objclass_id = ${id} order by o.name, o.id, e.name, e.id`,
  );
  return {
    items: rows.map((r) => ({
      grantor: { id: r.grantorId, name: r.grantorName },
      grantee: { id: r.id, name: r.name },
      granted: bitsToGrants(r.access),
    })),
  };
}

/**
 * Logs a change of an object class's grants (the security trail): the grants before and after by
 * role name. Nothing when nothing changed.
 */
export async function logClassGrants(
  tx: Db,
  request: FastifyRequest,
  objclass: { id: number; cls: string },
  before: readonly AclRowLike[],
  after: readonly AclRowLike[],
): Promise<void> {
  const [old, now] = [grantsByRole(before), grantsByRole(after)];
  if (JSON.stringify(old) === JSON.stringify(now)) return;
  const state = (grants: Record<string, string>) => ({ id: objclass.id, class: objclass.cls, grants });
  await writeActorChange(tx, request, {
    object: 'objclass',
    action: 'update',
    recordId: objclass.id,
    oldState: state(old),
    newState: state(now),
  });
}

type AclRowLike = { grantee: { name: string }; granted: string };

/**
 * Class grants (`/api/objclass/{id}/acl`: role → create, read, edit, delete on the class) and
 * default record access (`/api/acl/objclass/{id}`, changed per grantor). Guarded by the objects
 * permission; every change drops cached sessions, whose scope comes from the class grants.
 */
export function registerClassAccessRoutes(app: FastifyInstance) {
  const route = signedInRoutes(app, {
    tag: 'objclass',
    guard: { permission: OBJECTS_PERMISSION },
    resource: 'objclass',
  });

  route('GET /api/objclass/:id/acl', 'Class grants of an object class', {
    params: idParamDoc,
    response: { 200: aclAnswer },
    handler: async (request) => {
      const { db } = request.server.ctx;
      return viewClassGrants(db, request.principal, await objclassId(db, request));
    },
  });

  route('PATCH /api/objclass/:id/acl', 'Change class grants (letters r, x, w, d; doubled = manage)', {
    params: idParamDoc,
    body: aclPatch,
    response: { 200: aclAnswer },
    handler: async (request) => {
      const ctx = request.server.ctx;
      const bits = changesToBits(request.body);
      const answer = await ctx.db.transaction(async (tx) => {
        const { id, cls } = await objclassOf(tx, request);
        await checkRoles(tx, request.principal.domainId, [...bits.keys()], 'objclass');
        const held = await queryRows<{ roleId: number; access: number }>(
          tx,
          sql`select role_id as "roleId", access from class_grants where objclass_id = ${id}`,
        );
        const change = classChange(cls, held, bits);
        await refuseClassEscalation(tx, request.principal, change, false);
        await refuseClassTakedown(tx, request.principal, change);
        const before = await readClassGrants(tx, id);
        for (const [roleId, access] of bits) {
          if (access === 0) {
            await tx.execute(sql`delete from class_grants where objclass_id = ${id} and role_id = ${roleId}`);
          } else {
            await tx.execute(sql`insert into class_grants (objclass_id, role_id, access) values (${id}, ${roleId}, ${access})
              on conflict (objclass_id, role_id) do update set access = excluded.access`);
          }
        }
        const after = await readClassGrants(tx, id);
        await logClassGrants(tx, request, { id, cls }, before.items, after.items);
        return viewClassGrants(tx, request.principal, id);
      });
      await invalidateAuth(ctx);
      return answer;
    },
  });

  route('GET /api/acl/objclass/:id', 'Default record access of an object class', {
    params: idParamDoc,
    response: { 200: defaultAclAnswer },
    handler: async (request) => {
      const { db } = request.server.ctx;
      return readDefaultAcl(db, await objclassId(db, request));
    },
  });

  route(
    'PATCH /api/acl/objclass/:id/grantor/:grantorId',
    'Change what records created by a grantor role grant to other roles',
    {
      params: idParamDoc.extend({ grantorId: z.string() }),
      body: aclPatch,
      response: { 200: defaultAclAnswer },
      handler: async (request) => {
        const ctx = request.server.ctx;
        const grantorId = paramId(request, 'objclass', 'grantorId');
        const bits = changesToBits(request.body);
        return ctx.db.transaction(async (tx) => {
          const { id, cls } = await objclassOf(tx, request);
          const domainId = request.principal.domainId;
          await checkRoles(tx, domainId, [grantorId], 'objclass', 'grantor');
          await checkRoles(tx, domainId, [...bits.keys()], 'objclass');
          const held = await queryRows<{ roleId: number; access: number }>(
            tx,
            sql`select grantee_id as "roleId", access from default_acl where objclass_id = ${id} and grantor_id = ${grantorId}`,
          );
          await refuseClassEscalation(tx, request.principal, classChange(cls, held, bits));
          const before = await readDefaultAcl(tx, id);
          for (const [granteeId, access] of bits) {
            if (access === 0) {
              await tx.execute(sql`delete from default_acl
              where objclass_id = ${id} and grantor_id = ${grantorId} and grantee_id = ${granteeId}`);
            } else {
              await tx.execute(sql`insert into default_acl (objclass_id, grantor_id, grantee_id, access)
              values (${id}, ${grantorId}, ${granteeId}, ${access})
              on conflict (objclass_id, grantor_id, grantee_id) do update set access = excluded.access`);
            }
          }
          const after = await readDefaultAcl(tx, id);
          const [grantor] = await queryRows<{ name: string }>(tx, sql`select name from roles where id = ${grantorId}`);
          // The grantor's row: what records its holders create grant to each grantee.
          const state = (acl: typeof after) => ({
            id,
            class: cls,
            grantor: { id: grantorId, name: grantor.name },
            defaultAccess: grantsByRole(acl.items.filter((e) => e.grantor.id === grantorId)),
          });
          const [old, now] = [state(before), state(after)];
          if (JSON.stringify(old) !== JSON.stringify(now)) {
            await writeActorChange(tx, request, {
              object: 'objclass',
              action: 'update',
              recordId: id,
              oldState: old,
              newState: now,
            });
          }
          return after;
        });
      },
    },
  );
}
