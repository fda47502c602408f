import { z } from 'zod';
import { APPLICATIONS, PERMISSIONS, PROTECTED_REASONS } from '../access.js';
import { defineResource } from '../resource.js';
import { optionalText, required } from '../validation.js';

const mode = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const appAccess = z.object({ access: mode, sections: z.record(z.string(), mode).optional() });
export const roleMetadata = z.object({
  access: z.partialRecord(z.enum(APPLICATIONS), appAccess).default({}),
});

const roleInput = z.object({
  name: required(),
  description: optionalText(),
  permissions: z.array(z.enum(PERMISSIONS)).default([]),
  metadata: roleMetadata.default({ access: {} }),
  /** Members must sign in with a second factor (and enrol at their next sign-in). */
  requireTwoFactor: z.boolean().default(false),
});

export const roles = defineResource({
  name: 'roles',
  path: '/roles',
  objClass: 'roles',
  area: 'permissions',
  route: '/permissions/roles',
  input: roleInput,
  item: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    permissions: z.array(z.enum(PERMISSIONS)),
    metadata: roleMetadata,
    requireTwoFactor: z.boolean(),
    /** Computed for the viewer: true where they may not reduce or delete the role (the server would refuse). */
    protected: z.boolean().optional(),
    /** Computed for the viewer with `protected`: why (see PROTECTED_REASONS); null where not protected. */
    protectedBy: z.enum(PROTECTED_REASONS).nullable().optional(),
  }),
  fields: ['id', 'name', 'description', 'permissions', 'metadata', 'requireTwoFactor'],
  listFields: ['id', 'name', 'description'],
  // What the viewer may not do to each role (see the server's takedown rules).
  viewerFields: ['protected', 'protectedBy'],
  search: ['name'],
  sort: ['id', 'name', 'description'],
  defaultSort: '+name',
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'description', sort: 'description' },
  ],
  recordAcl: false,
  logObject: 'roles',
  ops: { create: true, update: true, patch: true, delete: true },
});
