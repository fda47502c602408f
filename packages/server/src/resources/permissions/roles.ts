import { PERMISSIONS, roles as rolesDef } from '@switchboard/model';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { invalidateAuth } from '../../auth/cache.js';
import { roles } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { doc, routeCompilers } from '../engine/http.js';

export const rolesResource = defineServerResource(rolesDef, {
  table: roles,
  unique: { roles_domain_name: 'name' },
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
