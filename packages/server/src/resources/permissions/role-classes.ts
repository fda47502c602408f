import { bitsToGrants, grantsToBits, OBJECTS_PERMISSION, roleClassEntry, roleClassPatch } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noRights, refuseEscalation, rolesRights } from '../../access/escalation.js';
import { refuseRoleTakedown } from '../../access/takedown.js';
import { invalidateAuth } from '../../auth/cache.js';
import { keyedError, keyedField } from '../../core/errors.js';
import { idParamDoc } from '../../core/route.js';
import { type SignedInRequest, signedInRoutes } from '../../core/signed-in.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { recordOf } from '../engine/record-of.js';
import { logClassGrants, readClassGrants } from './class-grants.js';

const answer = z.object({ items: z.array(roleClassEntry) });

/** The role of the path, one of the caller's domain. */
const roleOf = async (db: Db, request: SignedInRequest) =>
  (await recordOf(request, { table: 'roles', name: 'roles' }, { db })).id;

/** Every object class of the domain with the role's letters on it (none: empty). */
async function readRoleClasses(db: Db, domainId: number, roleId: number) {
  const rows = await queryRows<{ id: number; cls: string; access: number | null }>(
    db,
    sql`select o.id, o.class as cls, g.access from objclass o
        left join class_grants g on g.objclass_id = o.id and g.role_id = ${roleId}
        where o.domain_id = ${domainId} order by o.class`,
  );
  return { items: rows.map((r) => ({ objclass: { id: r.id, name: r.cls }, granted: bitsToGrants(r.access ?? 0) })) };
}

/**
 * A role's class grants seen from the role (its Objects tab): the same rows the objects screen
 * edits per class, under the same permission and the same rules: nobody grants more than they
 * hold, nor takes rights away from a role they hold or one holding more than they hold.
 */
export function registerRoleClassRoutes(app: FastifyInstance) {
  const route = signedInRoutes(app, { tag: 'roles', guard: { permission: OBJECTS_PERMISSION }, resource: 'roles' });

  route('GET /api/roles/:id/classes', "A role's rights on every object class", {
    params: idParamDoc,
    response: { 200: answer },
    handler: async (request) => {
      const { db } = request.server.ctx;
      return readRoleClasses(db, request.principal.domainId, await roleOf(db, request));
    },
  });

  route(
    'PATCH /api/roles/:id/classes',
    "Change a role's rights on object classes (letters r, x, w, d; doubled = manage)",
    {
      params: idParamDoc,
      body: roleClassPatch,
      response: { 200: answer },
      handler: async (request) => {
        const ctx = request.server.ctx;
        const changes = request.body as z.output<typeof roleClassPatch>;
        // The last entry for a class wins.
        const bits = new Map(changes.map((c) => [c.objclass.id, grantsToBits(c.grants)]));
        const actor = request.principal;
        const result = await ctx.db.transaction(async (tx) => {
          const roleId = await roleOf(tx, request);
          const ids = [...bits.keys()];
          const classes = ids.length
            ? await queryRows<{ id: number; cls: string; access: number | null }>(
                tx,
                sql`select o.id, o.class as cls, g.access from objclass o
                  left join class_grants g on g.objclass_id = o.id and g.role_id = ${roleId}
                  where o.domain_id = ${actor.domainId} and o.id in ${ids}`,
              )
            : [];
          const known = new Map(classes.map((c) => [c.id, c]));
          const missing = ids.filter((id) => !known.has(id));
          if (missing.length) {
            const params = { ids: missing.join(', ') };
            throw keyedError(400, 'app.roles.validation', 'unknownClasses', params, [
              keyedField('objclass', 'unknownClasses', params),
            ]);
          }
          const changed = ids.filter((id) => (known.get(id)?.access ?? 0) !== bits.get(id));
          if (changed.length) {
            const after = await rolesRights(tx, actor.domainId, [roleId]);
            for (const id of changed) after.classBits.set(known.get(id)!.cls, bits.get(id) ?? 0);
            await refuseRoleTakedown(tx, actor, new Map([[roleId, after]]));
          }
          const actorRights = await rolesRights(tx, actor.domainId, actor.roleIds);
          const of = (cls: string, access: number) => ({ ...noRights(), classBits: new Map([[cls, access]]) });
          for (const id of changed) {
            const c = known.get(id)!;
            refuseEscalation(actor, actorRights, of(c.cls, c.access ?? 0), of(c.cls, bits.get(id) ?? 0));
          }
          const before = new Map<number, Awaited<ReturnType<typeof readClassGrants>>>();
          for (const id of changed) before.set(id, await readClassGrants(tx, id));
          for (const id of changed) {
            const access = bits.get(id) ?? 0;
            if (access === 0) {
              await tx.execute(sql`delete from class_grants where objclass_id = ${id} and role_id = ${roleId}`);
            } else {
              await tx.execute(sql`insert into class_grants (objclass_id, role_id, access) values (${id}, ${roleId}, ${access})
              on conflict (objclass_id, role_id) do update set access = excluded.access`);
            }
          }
          // The same entries as the class's own screen writes: the class's grants before and after.
          for (const id of changed) {
            const after = await readClassGrants(tx, id);
            await logClassGrants(tx, request, { id, cls: known.get(id)!.cls }, before.get(id)!.items, after.items);
          }
          return { answer: await readRoleClasses(tx, actor.domainId, roleId), changed: changed.length > 0 };
        });
        // Sessions carry their scope: a change of class grants drops the cached ones.
        if (result.changed) await invalidateAuth(ctx);
        return result.answer;
      },
    },
  );
}
