import { PERMISSIONS, roles as rolesDef } from '@switchboard/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noRights, type Rights, refuseEscalation, rolesRights } from '../../access/escalation.js';
import { mergeAccess } from '../../access/role-access.js';
import { beyondActor, noteAdministrators, protectedRoles, refuseRoleTakedown } from '../../access/takedown.js';
import { keyedError } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import { signedInRoutes } from '../../core/signed-in.js';
import type { Db } from '../../db/client.js';
import { roles } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { rightsHolderHooks } from './take-down-hooks.js';

/** What a role record grants through its own fields (class grants are changed elsewhere). */
const roleRights = (item: Record<string, unknown>): Rights => ({
  ...noRights(),
  permissions: new Set((item.permissions as string[] | undefined) ?? []),
  access: mergeAccess([(item.metadata as { access: Record<string, unknown> } | undefined) ?? { access: {} }]),
});

/**
 * A role holding rights beyond the actor keeps its name and its two-factor requirement (as a user
 * holding more keeps its username): the actor may only raise its rights within their own.
 */
async function refuseStrongerRoleChange(
  body: Record<string, unknown>,
  old: Record<string, unknown>,
  current: Rights,
  actor: Principal,
  db: Db,
) {
  const renaming = typeof body.name === 'string' && body.name !== old.name;
  const twoFactor = typeof body.requireTwoFactor === 'boolean' && body.requireTwoFactor !== old.requireTwoFactor;
  if (!renaming && !twoFactor) return;
  const beyond = await beyondActor(db, actor, current);
  if (beyond.length) throw keyedError(403, 'app.auth.forbidden', 'strongerRoleChange', { rights: beyond.join(', ') });
}

export const rolesResource = defineServerResource(rolesDef, {
  table: roles,
  unique: { roles_domain_name: 'name' },
  // Nobody ends with more rights than they hold: a role can be given only permissions and access
  // its editor holds. Nobody takes rights away from a role holding more than they hold, nor from a
  // role they hold themselves (raising it within their own rights restores it), nor leaves the
  // domain without an active user holding every right.
  beforeWrite: async (body, ctx, tx) => {
    const db = tx ?? ctx.app.db;
    const actorRights = await rolesRights(db, ctx.principal.domainId, ctx.principal.roleIds);
    const before = ctx.old ? roleRights(ctx.old) : noRights();
    const next = roleRights({ ...ctx.old, ...body });
    refuseEscalation(ctx.principal, actorRights, before, next);
    if (ctx.old) {
      const id = ctx.old.id as number;
      const current = await rolesRights(db, ctx.principal.domainId, [id]);
      await refuseStrongerRoleChange(body, ctx.old, current, ctx.principal, db);
      await refuseRoleTakedown(db, ctx.principal, new Map([[id, { ...next, classBits: current.classBits }]]));
    }
  },
  // Deleting a role one holds can take away the rights to undo it (the first start's admin role
  // is the only holder of every right), leaving the domain with nobody to manage it.
  beforeDelete: async (item, ctx, tx) => {
    if (ctx.principal.roleIds.includes(item.id as number)) {
      throw keyedError(400, 'app.roles.delete_own', 'deleteOwnRole');
    }
    await noteAdministrators(tx, ctx.principal.domainId);
    await refuseRoleTakedown(tx, ctx.principal, new Map([[item.id as number, null]]));
  },
  ...rightsHolderHooks(protectedRoles),
});

const permissionsAnswer = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
const PERMISSION_ITEMS = { items: PERMISSIONS.map((p) => ({ id: p, name: p })) };

/** GET /api/permissions: the global permissions a role can hold. */
export function registerPermissionsRoute(app: FastifyInstance) {
  const route = signedInRoutes(app, { tag: 'roles', guard: 'authenticated' });
  route('GET /api/permissions', 'Global permissions a role can hold', {
    response: { 200: permissionsAnswer },
    handler: async () => PERMISSION_ITEMS,
  });
}
