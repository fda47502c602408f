import { users as usersDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { checkRoles } from '../../../access/acl-store.js';
import { noRights, refuseEscalation, refuseStrongerUser, rolesRights } from '../../../access/escalation.js';
import { invalidateAuth } from '../../../auth/cache.js';
import { hashPassword } from '../../../auth/passwords.js';
import { revokeUserTokens } from '../../../auth/tokens.js';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema.js';
import { forbidden, HttpError } from '../../../http/errors.js';
import { defineServerResource } from '../../engine/define.js';
import { validationError } from '../../engine/http.js';
import { queryRows } from '../../engine/sql.js';
import type { WriteContext } from '../../engine/types.js';
import { assignLicenses, USER_LICENSES_SQL } from '../licenses.js';

type Ref = { id: number };

const ROLES_SQL = `coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name, r.id)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = t.id), '[]'::json)`;

/** Device references answer the device's name; ids of deleted devices are cleared on delete. */
const DEVICE_SQL = `(select json_build_object('id', d.id, 'name', d.name) from devices d where d.id = t.device_id)`;
const DEVICES_SQL = `coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by x.o)
  from unnest(t.device_ids) with ordinality as x(v, o) join devices d on d.id = x.v), '[]'::json)`;

/** Refuses device ids that are not the domain's devices, naming the first such field. */
async function checkDevices(tx: Db, domainId: number, ids: number[], field: (index: number) => string) {
  if (!ids.length) return;
  const found = await queryRows<{ id: number }>(
    tx,
    sql`select id from devices where domain_id = ${domainId} and id in ${[...new Set(ids)]}`,
  );
  const known = new Set(found.map((r) => r.id));
  const bad = ids.findIndex((id) => !known.has(id));
  if (bad >= 0) throw validationError('users', [{ field: field(bad), message: 'No such device in this domain' }]);
}

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
    await refuseStrongerUser(db, actor, ctx.old.id as number, 'set the password of');
  }
}

/** Roles, licenses and other users' passwords need their own global permissions. */
async function checkUserRights(body: Record<string, unknown>, ctx: WriteContext, tx?: Db) {
  const has = (p: 'manageUserRoles' | 'manageUserLicense' | 'changeUserPassword') => ctx.principal.permissions.has(p);
  if ('roles' in body && !has('manageUserRoles')) {
    const before = ctx.old ? refIds(ctx.old.roles) : [];
    if (!sameIds(before, refIds(body.roles)))
      throw forbidden('Changing user roles needs the manageUserRoles permission.');
  }
  // Dropping one's own role can take away the rights to give it back (a PUT without roles clears
  // them), leaving the domain with nobody to manage it; another manager may still do it.
  if ('roles' in body && ctx.old && ctx.old.id === ctx.principal.userId) {
    const kept = new Set(refIds(body.roles));
    if (refIds(ctx.old.roles).some((id) => !kept.has(id))) {
      throw new HttpError(400, 'app.users.drop_own_role', 'You cannot remove a role from your own user.', [
        { field: 'roles', message: 'You cannot remove a role from your own user.' },
      ]);
    }
  }
  // Deactivating oneself ends one's own session at once and may leave nobody to undo it.
  if (body.state === false && ctx.old && ctx.old.id === ctx.principal.userId) {
    throw new HttpError(400, 'app.users.deactivate_self', 'You cannot deactivate your own user.', [
      { field: 'state', message: 'You cannot deactivate your own user.' },
    ]);
  }
  if ('license' in body && !has('manageUserLicense')) {
    const before = ctx.old ? refIds(ctx.old.license) : [];
    if (!sameIds(before, body.license as number[])) {
      throw forbidden('Changing user licenses needs the manageUserLicense permission.');
    }
  }
  // Setting a password on an existing user (oneself included) needs the permission: one's own
  // password changes through PUT /users/password, which asks for the current one.
  if (ctx.op !== 'create' && typeof body.password === 'string' && body.password !== '' && !has('changeUserPassword')) {
    throw forbidden('Setting a user password needs the changeUserPassword permission.');
  }
  await refuseUserEscalation(body, ctx, tx ?? ctx.app.db);
}

export const usersResource = defineServerResource(usersDef, {
  table: users,
  unique: { users_domain_username: 'username' },
  fields: {
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
    device: {
      select: DEVICE_SQL,
      write: (value, row) => {
        row.deviceId = (value as Ref | null)?.id ?? null;
      },
      afterWrite: async (tx, _userId, value, ctx) => {
        const id = (value as Ref | null)?.id;
        if (id !== undefined) await checkDevices(tx, ctx.principal.domainId, [id], () => 'device');
      },
    },
    devices: {
      select: DEVICES_SQL,
      write: (value, row) => {
        row.deviceIds = [...new Set(refIds(value))];
      },
      afterWrite: async (tx, _userId, value, ctx) => {
        const ids = refIds(value);
        await checkDevices(tx, ctx.principal.domainId, ids, (i) => `devices.${i}`);
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
  beforeDelete: (item, ctx) => {
    if (item.id === ctx.principal.userId) {
      throw new HttpError(400, 'app.users.delete_self', 'You cannot delete your own user.');
    }
  },
  afterCommit: (app) => invalidateAuth(app),
});
