import { z } from 'zod';
import { type Permission, PROTECTED_REASONS } from '../access.js';
import { col, resource, sorted } from '../define.js';
import { namedRef } from '../validation.js';

/**
 * Objects have no class of their own (spec part 1 section 6). Their settings decide who holds
 * which class rights across the domain, so they are system settings: opening and changing them
 * (class switches, class grants, default record access, a role's Objects tab) takes this global
 * permission.
 */
export const OBJECTS_PERMISSION: Permission = 'systemSetting';

/** Object classes: obac turns class checks on, rbac record checks. Listed and patched only. */
export const objclass = resource({
  name: 'objclass',
  path: '/objclass',
  objClass: null,
  permission: OBJECTS_PERMISSION,
  area: 'permissions',
  route: '/permissions/objects',
  input: z.object({ obac: z.boolean().default(false), rbac: z.boolean().default(false) }),
  item: z.object({ id: z.number(), class: z.string(), obac: z.boolean(), rbac: z.boolean() }),
  search: ['class'],
  defaultSort: '+class',
  columns: [sorted('class'), col('obac', 'toggle'), col('rbac', 'toggle')],
  logObject: 'objclass',
  ops: { create: false, update: false, patch: true, delete: false },
});

/** One grantee's rights, as answered by every ACL route. `granted` holds letters r, x, w, d. */
export const aclEntry = z.object({ grantee: namedRef(), granted: z.string() });
/**
 * A role's grants on an object class. `protectedBy`: why the viewer may not reduce them (the role
 * is one they hold, holds rights beyond theirs, or keeps the last administrator whole); they may
 * still be raised within the viewer's own rights.
 */
export const classAclEntry = aclEntry.extend({ protectedBy: z.enum(PROTECTED_REASONS).nullable().optional() });
/** PATCH body of every ACL route: the full set of letters each grantee holds afterwards. */
export const aclPatch = z.array(
  z.object({
    grantee: z.object({ id: z.number().int().positive() }),
    grants: z.string().regex(/^(r{0,2})(x{0,2})(w{0,2})(d{0,2})$/),
  }),
);
/** Default record access: records created by a holder of `grantor` are granted to `grantee`. */
export const defaultAclEntry = z.object({ grantor: namedRef(), grantee: namedRef(), granted: z.string() });

/**
 * A role's rights on one object class, as its Objects tab shows them (GET /roles/{id}/classes):
 * every class of the domain, `granted` empty where the role holds nothing on it.
 */
export const roleClassEntry = z.object({ objclass: namedRef(), granted: z.string() });
/** PATCH /roles/{id}/classes: the full set of letters the role holds afterwards on each class named. */
export const roleClassPatch = z.array(
  z.object({
    objclass: z.object({ id: z.number().int().positive() }),
    grants: z.string().regex(/^(r{0,2})(x{0,2})(w{0,2})(d{0,2})$/),
  }),
);
