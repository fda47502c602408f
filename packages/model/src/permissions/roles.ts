import { z } from 'zod';
import { APPLICATIONS, PERMISSIONS, PROTECTED_REASONS } from '../access.js';
import { answerOf, BY_NAME, DESCRIPTION_COLUMN, NAME_COLUMN, resource } from '../define.js';
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

export const roles = resource({
  name: 'roles',
  path: '/roles',
  objClass: 'roles',
  area: 'permissions',
  input: roleInput,
  item: answerOf(roleInput, {
    metadata: roleMetadata,
    /** Computed for the viewer: true where they may not reduce or delete the role (the server would refuse). */
    protected: z.boolean().optional(),
    /** Computed for the viewer with `protected`: why (see PROTECTED_REASONS); null where not protected. */
    protectedBy: z.enum(PROTECTED_REASONS).nullable().optional(),
  }),
  listFields: ['id', 'name', 'description'],
  // What the viewer may not do to each role (see the server's takedown rules).
  viewerFields: ['protected', 'protectedBy'],
  ...BY_NAME,
  columns: [NAME_COLUMN, DESCRIPTION_COLUMN],
  logObject: 'roles',
});
