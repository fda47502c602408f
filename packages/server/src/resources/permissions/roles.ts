import { PERMISSIONS, roles as rolesDef } from '@switchboard/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { noRights, type Rights, refuseEscalation, refuseOwnRole, rolesRights } from '../../access/escalation.js';
import { invalidateAuth } from '../../auth/cache.js';
import { mergeAccess } from '../../auth/principal.js';
import { roles } from '../../db/schema.js';
import { keyedError } from '../../http/errors.js';
import { defineServerResource } from '../engine/define.js';
import { doc, routeCompilers } from '../engine/http.js';

/** What a role record grants through its own fields (class grants are changed elsewhere). */
const roleRights = (item: Record<string, unknown>): Rights => ({
  ...noRights(),
  permissions: new Set((item.permissions as string[] | undefined) ?? []),
  access: mergeAccess([(item.metadata as { access: Record<string, unknown> } | undefined) ?? { access: {} }]),
});

export const rolesResource = defineServerResource(rolesDef, {
  table: roles,
  unique: { roles_domain_name: 'name' },
  // Nobody ends with more rights than they hold: a role can be given only permissions and access
  // its editor holds, and a role one holds cannot be changed at all (it would change one's own).
  beforeWrite: async (body, ctx, tx) => {
    if (ctx.old) refuseOwnRole(ctx.principal, [ctx.old.id as number]);
    const actorRights = await rolesRights(tx ?? ctx.app.db, ctx.principal.domainId, ctx.principal.roleIds);
    const before = ctx.old ? roleRights(ctx.old) : noRights();
    refuseEscalation(ctx.principal, actorRights, before, roleRights({ ...ctx.old, ...body }));
  },
  // Deleting a role one holds can take away the rights to undo it (the first start's admin role
  // is the only holder of every right), leaving the domain with nobody to manage it.
  beforeDelete: (item, ctx) => {
    if (ctx.principal.roleIds.includes(item.id as number)) {
      throw keyedError(400, 'app.roles.delete_own', 'deleteOwnRole');
    }
  },
  afterCommit: (app) => invalidateAuth(app),
});

const permissionsAnswer = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
const PERMISSION_ITEMS = { items: PERMISSIONS.map((p) => ({ id: p, name: p })) };

/** GET /api/permissions: the global permissions a role can hold. */
export function registerPermissionsRoute(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: '/api/permissions',
    config: { guard: 'authenticated' },
    schema: doc('roles', 'Global permissions a role can hold', { response: { 200: permissionsAnswer } }),
    ...routeCompilers,
    handler: async () => PERMISSION_ITEMS,
  });
}
