import { randomBytes } from 'node:crypto';
import {
  ACCESS_CLASSES,
  type AccessClass,
  APPLICATIONS,
  grantsToBits,
  PERMISSIONS,
  type RoleAccess,
} from '@switchboard/model';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { classGrants, domains, objclass, roles, userRoles, users } from '../db/schema.js';
import { hashPassword } from './passwords.js';

/** Classes with per-record permissions (spec part 1 section 6): rbac starts on for them. */
export const RECORD_ACL_CLASSES: readonly AccessClass[] = [
  'devices',
  'cc_bucket',
  'cc_list',
  'calendars',
  'cc_agent',
  'cc_team',
  'cc_resource',
  'cc_resource_group',
];

export const ADMIN_ROLE = 'admin';
export const ADMIN_USER = 'admin';

export class DomainExistsError extends Error {}

/**
 * Creates a domain with its object classes, an `admin` role holding every right and an `admin`
 * user holding that role, in one transaction.
 */
/** A role of the domain granting every permission and full access to every application. */
export function fullRole(domainId: number, name: string, description: string): typeof roles.$inferInsert {
  const access: RoleAccess = {};
  for (const app of APPLICATIONS) access[app] = { access: 3 };
  return { domainId, name, description, permissions: [...PERMISSIONS], metadata: { access } };
}

export async function createDomainWithAdmin(
  db: Db,
  input: { name: string; adminPassword: string },
): Promise<{ domainId: number; userId: number; roleId: number }> {
  const name = input.name.trim();
  const passwordHash = await hashPassword(input.adminPassword);
  return db.transaction(async (tx) => {
    const existing = await tx.select({ id: domains.id }).from(domains).where(eq(domains.name, name)).limit(1);
    if (existing.length) throw new DomainExistsError(`The domain ${name} already exists`);
    const [domain] = await tx.insert(domains).values({ name }).returning({ id: domains.id });
    const [role] = await tx
      .insert(roles)
      .values(fullRole(domain.id, ADMIN_ROLE, 'Administrator: every permission and every class right'))
      .returning({ id: roles.id });
    const classes = await tx
      .insert(objclass)
      .values(
        ACCESS_CLASSES.map((cls) => ({
          domainId: domain.id,
          class: cls,
          obac: true,
          rbac: RECORD_ACL_CLASSES.includes(cls),
        })),
      )
      .returning({ id: objclass.id });
    const full = grantsToBits('rrxxwwdd');
    await tx.insert(classGrants).values(classes.map((c) => ({ objclassId: c.id, roleId: role.id, access: full })));
    const [user] = await tx
      .insert(users)
      .values({ domainId: domain.id, name: 'Administrator', username: ADMIN_USER, passwordHash })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
    return { domainId: domain.id, userId: user.id, roleId: role.id };
  });
}

const isUniqueViolation = (error: unknown) =>
  ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505';

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * First start: an empty database gets its default domain and administrator. Answers the password
 * when it was generated (to print once), null when nothing was created.
 */
export async function bootstrap(
  db: Db,
  options: { defaultDomain: string; adminPassword: string | null },
): Promise<{ created: boolean; domain: string; password: string | null; generated: boolean }> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(domains);
  if (count > 0) return { created: false, domain: options.defaultDomain, password: null, generated: false };
  const password = options.adminPassword ?? generatePassword();
  try {
    await createDomainWithAdmin(db, { name: options.defaultDomain, adminPassword: password });
  } catch (error) {
    // Another node sharing the database won the race to create it.
    if (error instanceof DomainExistsError || isUniqueViolation(error))
      return { created: false, domain: options.defaultDomain, password: null, generated: false };
    throw error;
  }
  return { created: true, domain: options.defaultDomain, password, generated: !options.adminPassword };
}

/** Sets a user's password (admin CLI). Answers false when the user does not exist. */
export async function resetPassword(db: Db, domain: string, username: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date().toISOString() })
    .where(
      sql`${users.domainId} = (select id from ${domains} where ${domains.name} = ${domain}) and lower(${users.username}) = lower(${username})`,
    )
    .returning({ id: users.id });
  return rows.length > 0;
}
