import { grantsToBits } from '@switchboard/model';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../src/auth/passwords.js';
import type { AppContext } from '../src/context.js';
import { classGrants, domains, objclass, recordAcl, roles, userRoles, users } from '../src/db/schema.js';

/** Straight-to-the-database fixtures for tests that must not depend on the resource routes. */
export async function domainIdOf(ctx: AppContext, name = 'main'): Promise<number> {
  const [row] = await ctx.db.select({ id: domains.id }).from(domains).where(eq(domains.name, name));
  return row.id;
}

export async function insertRole(
  ctx: AppContext,
  input: { domainId: number; name: string; permissions?: string[]; grants?: Record<string, string> },
): Promise<number> {
  const [role] = await ctx.db
    .insert(roles)
    .values({ domainId: input.domainId, name: input.name, permissions: input.permissions ?? [] })
    .returning({ id: roles.id });
  for (const [cls, grants] of Object.entries(input.grants ?? {})) {
    const [oc] = await ctx.db
      .select({ id: objclass.id })
      .from(objclass)
      .where(and(eq(objclass.domainId, input.domainId), eq(objclass.class, cls)));
    await ctx.db.insert(classGrants).values({ objclassId: oc.id, roleId: role.id, access: grantsToBits(grants) });
  }
  return role.id;
}

export async function insertUser(
  ctx: AppContext,
  input: { domainId: number; username: string; password: string; roleIds?: number[] },
): Promise<number> {
  const [user] = await ctx.db
    .insert(users)
    .values({ domainId: input.domainId, username: input.username, passwordHash: await hashPassword(input.password) })
    .returning({ id: users.id });
  for (const roleId of input.roleIds ?? []) await ctx.db.insert(userRoles).values({ userId: user.id, roleId });
  return user.id;
}

export async function grantRecord(
  ctx: AppContext,
  input: { domainId: number; cls: string; recordId: number; roleId: number; grants: string },
): Promise<void> {
  await ctx.db.insert(recordAcl).values({
    domainId: input.domainId,
    class: input.cls,
    recordId: input.recordId,
    granteeId: input.roleId,
    access: grantsToBits(input.grants),
  });
}

export async function setClassFlags(
  ctx: AppContext,
  domainId: number,
  cls: string,
  flags: { obac?: boolean; rbac?: boolean },
) {
  await ctx.db
    .update(objclass)
    .set(flags)
    .where(and(eq(objclass.domainId, domainId), eq(objclass.class, cls)));
}
