import { users as usersDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { checkRoles } from '../../../access/acl-store.js';
import { noRights, refuseEscalation, refuseStrongerUser, rolesRights } from '../../../access/escalation.js';
import { noteAdministrators, protectedUsers, refuseLastAdministrator } from '../../../access/takedown.js';
import { hashPassword } from '../../../auth/passwords.js';
import { refuseApiToken } from '../../../auth/session-only.js';
import { revokeUserTokens } from '../../../auth/tokens.js';
import { keyedError, keyedField } from '../../../core/errors.js';
import type { Principal } from '../../../core/principal.js';
import type { Db } from '../../../db/client.js';
import { userDevices, users } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import type { WriteContext } from '../../engine/types.js';
import { rightsHolderHooks } from '../../permissions/take-down-hooks.js';
import { assignLicenses, USER_LICENSES_SQL } from '../licenses.js';

type Ref = { id: number };

const ROLES_SQL = `coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name, r.id)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = t.id), '[]'::json)`;

/** A user's name as a reference answers it: the name, or the username where it has none. */
export const USER_NAME_SQL = (alias: string) => `coalesce(nullif(${alias}.name, ''), ${alias}.username)`;

const sameIds = (a: number[], b: number[]) => {
  const x = [...new Set(a)].sort((p, q) => p - q);
  const y = [...new Set(b)].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

const refIds = (value: unknown) => ((value as Ref[] | undefined) ?? []).map((r) => r.id);

/**
 * Nobody ends with more rights than they hold: the roles one gives must grant nothing beyond one's
 * own rights, and a user whose roles grant more cannot have their password set by one.
 */
async function refuseUserEscalation(body: Record<string, unknown>, ctx: WriteContext, db: Db) {
  const actor = ctx.principal;
  if ('roles' in body) {
    const before = new Set(ctx.old ? refIds(ctx.old.roles) : []);
    const added = refIds(body.roles).filter((id) => !before.has(id));
    if (added.length) {
      const actorRights = await rolesRights(db, actor.domainId, actor.roleIds);
      refuseEscalation(actor, actorRights, noRights(), await rolesRights(db, actor.domainId, added));
    }
  }
  if (ctx.old && typeof body.password === 'string' && body.password !== '') {
    await refuseStrongerUser(db, actor, ctx.old.id as number, 'strongerUserPassword');
  }
  if (ctx.old) await refuseTakedown(body, ctx.old, actor, db);
}

/**
 * Nobody takes down a user holding more than they hold (deactivates, renames or takes roles away
 * from them), and no change leaves the domain without an active user holding every right.
 */
async function refuseTakedown(body: Record<string, unknown>, old: Record<string, unknown>, actor: Principal, db: Db) {
  const id = old.id as number;
  const disabling = body.state === false && old.state !== false;
  const kept = new Set(refIds(body.roles));
  const dropping = 'roles' in body && refIds(old.roles).some((r) => !kept.has(r));
  const renaming = typeof body.username === 'string' && body.username !== old.username;
  if (disabling) await refuseStrongerUser(db, actor, id, 'strongerUserState');
  if (dropping) await refuseStrongerUser(db, actor, id, 'strongerUserRoles');
  if (renaming) await refuseStrongerUser(db, actor, id, 'strongerUserUsername');
  if (disabling || dropping) {
    const roles = disabling || old.state === false ? null : [...kept];
    await refuseLastAdministrator(db, actor.domainId, { users: new Map([[id, roles]]) });
  }
}

/** Roles, licenses and other users' passwords need their own global permissions. */
async function checkUserRights(body: Record<string, unknown>, ctx: WriteContext, tx?: Db) {
  const has = (p: 'manageUserRoles' | 'manageUserLicense' | 'changeUserPassword') => ctx.principal.permissions.has(p);
  if ('roles' in body && !has('manageUserRoles')) {
    const before = ctx.old ? refIds(ctx.old.roles) : [];
    if (!sameIds(before, refIds(body.roles)))
      throw keyedError(403, 'app.auth.forbidden', 'userRolesPermission', { permission: 'manageUserRoles' });
  }
  // Dropping one's own role can take away the rights to give it back (a PUT without roles clears
  // them), leaving the domain with nobody to manage it; another manager may still do it.
  if ('roles' in body && ctx.old && ctx.old.id === ctx.principal.userId) {
    const kept = new Set(refIds(body.roles));
    if (refIds(ctx.old.roles).some((id) => !kept.has(id))) {
      throw keyedError(400, 'app.users.drop_own_role', 'dropOwnRole', {}, [keyedField('roles', 'dropOwnRole')]);
    }
  }
  // Deactivating oneself ends one's own session at once and may leave nobody to undo it.
  if (body.state === false && ctx.old && ctx.old.id === ctx.principal.userId) {
    throw keyedError(400, 'app.users.deactivate_self', 'deactivateSelf', {}, [keyedField('state', 'deactivateSelf')]);
  }
  if ('license' in body && !has('manageUserLicense')) {
    const before = ctx.old ? refIds(ctx.old.license) : [];
    if (!sameIds(before, body.license as number[])) {
      throw keyedError(403, 'app.auth.forbidden', 'userLicensePermission', { permission: 'manageUserLicense' });
    }
  }
  // Setting a password on an existing user (oneself included) needs the permission: one's own
  // password changes through PUT /users/password, which asks for the current one.
  if (ctx.op !== 'create' && typeof body.password === 'string' && body.password !== '') refuseApiToken(ctx.principal);
  if (ctx.op !== 'create' && typeof body.password === 'string' && body.password !== '' && !has('changeUserPassword')) {
    throw keyedError(403, 'app.auth.forbidden', 'userPasswordPermission', { permission: 'changeUserPassword' });
  }
  await refuseUserEscalation(body, ctx, tx ?? ctx.app.db);
}

export const usersResource = defineServerResource(usersDef, {
  table: users,
  unique: { users_domain_username: 'username' },
  refs: { devices: userDevices },
  refLabel: USER_NAME_SQL,
  fields: {
    // Roles are given under the manageUserRoles permission and the escalation rules, not by
    // reading the roles class, so they stay outside the declared references.
    roles: {
      select: ROLES_SQL,
      afterWrite: async (tx, userId, value, ctx) => {
        const ids = [...new Set(refIds(value))];
        await checkRoles(tx, ctx.principal.domainId, ids, 'users', 'roles');
        await tx.execute(sql`delete from user_roles where user_id = ${userId}`);
        for (const roleId of ids) {
          await tx.execute(sql`insert into user_roles (user_id, role_id) values (${userId}, ${roleId})`);
        }
      },
    },
    license: {
      // Held licenses live in user_licenses; seats are counted and locked in the same transaction.
      select: USER_LICENSES_SQL('t.id'),
      afterWrite: (tx, userId, value, ctx) => assignLicenses(tx, ctx.principal.domainId, userId, value as number[]),
    },
    presence: { select: `json_build_object('status', t.presence_status, 'note', t.presence_note)` },
    dnd: {
      select: `(t.presence_status = 'dnd')`,
      write: (value, row) => {
        row.presenceStatus = value ? 'dnd' : '';
      },
    },
    password: {
      write: async (value, row) => {
        // An empty password leaves the stored one as it is.
        if (typeof value === 'string' && value !== '') row.passwordHash = await hashPassword(value);
      },
      // A password set by someone else ends every session and token the user had: whoever knew
      // the old one is out. (One's own change goes through PUT /users/password.)
      afterWrite: async (tx, userId, value, ctx) => {
        if (ctx.op !== 'create' && typeof value === 'string' && value !== '') {
          await revokeUserTokens(tx, userId, ctx.old?.id === ctx.principal.userId ? ctx.principal.tokenId : undefined);
        }
      },
    },
    state: {
      write: (value, row) => {
        row.state = value;
      },
      // Deactivation ends sessions and tokens for good, so reactivating revives none of them.
      afterWrite: async (tx, userId, value, ctx) => {
        if (value === false && ctx.old?.state !== false) await revokeUserTokens(tx, userId);
      },
    },
  },
  beforeWrite: checkUserRights,
  beforeDelete: async (item, ctx, tx) => {
    if (item.id === ctx.principal.userId) {
      throw keyedError(400, 'app.users.delete_self', 'deleteSelf');
    }
    await refuseStrongerUser(tx, ctx.principal, item.id as number, 'strongerUserDelete');
    await noteAdministrators(tx, ctx.principal.domainId);
  },
  ...rightsHolderHooks(protectedUsers),
});
