import { userTokens } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { refuseStrongerUser } from '../../../access/escalation.js';
import { invalidateAuth } from '../../../auth/cache.js';
import { refuseApiToken } from '../../../auth/session-only.js';
import { issueToken } from '../../../auth/tokens.js';
import { writeActorChange } from '../../../changelog/writer.js';
import { keyedError } from '../../../core/errors.js';
import { pathParam } from '../../../core/params.js';
import type { Db } from '../../../db/client.js';
import { authTokens } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';
import { readItem } from '../../engine/ops.js';

/** A token as the security trail keeps it: the listed fields and whose it is (never its value). */
async function tokenState(db: Db, item: Record<string, unknown>, userId: number) {
  const [owner] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from users where id = ${userId}`,
  );
  return { ...item, user: owner ?? { id: userId, name: '' } };
}

/**
 * A user's API tokens under the user (`/users/{id}/tokens`), the user's rights guarding them.
 * Only tokens (not sign-in sessions) that are not revoked are its records; the value is never
 * stored nor listed, only answered by the create. Deleting one revokes it at once.
 */
export const userTokensResource = defineServerResource(userTokens, {
  table: authTokens,
  scope: sql`t.kind = 'token' and t.revoked_at is null`,
  parentLink: { column: authTokens.userId },
  fields: {
    createdBy: {
      select: `(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = t.created_by)`,
    },
  },
  create: async (request, body, userId) => {
    const ctx = request.server.ctx;
    const principal = request.principal;
    const owner = userId as number;
    // A token signs in as its user: minting one for someone else is as strong as setting their
    // password, so it needs the same permission (else the edit right would reach any user's rights).
    if (owner !== principal.userId && !principal.permissions.has('changeUserPassword')) {
      throw keyedError(403, 'app.auth.forbidden', 'userTokenPermission', { permission: 'changeUserPassword' });
    }
    // A leaked token must not mint lasting ones: only a sign-in session creates tokens.
    refuseApiToken(principal);
    await refuseStrongerUser(ctx.db, principal, owner, 'strongerUserToken');
    const days = body.expiresInDays as number | null;
    // The token and its entry of the security trail commit together, or neither does.
    return ctx.db.transaction(async (tx) => {
      const { token, row } = await issueToken(ctx, {
        expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000),
        userId: owner,
        domainId: principal.domainId,
        kind: 'token',
        usage: body.usage as string,
        createdBy: principal.userId,
        ip: request.ip,
        tx,
      });
      const item = (await readItem(tx, userTokensResource.compiled, principal, row.id)) as Record<string, unknown>;
      await writeActorChange(tx, request, {
        object: 'tokens',
        action: 'create',
        recordId: row.id,
        newState: await tokenState(tx, item, owner),
      });
      return { ...item, token };
    });
  },
  afterDelete: async (tx, items, ctx) => {
    const owner = Number(pathParam(ctx.request, 'id'));
    for (const item of items) {
      await writeActorChange(tx, ctx.request, {
        object: 'tokens',
        action: 'delete',
        recordId: item.id as number,
        newState: null,
        oldState: await tokenState(tx, item, owner),
      });
    }
  },
  // Cached sessions of a deleted token must not outlive it.
  afterCommit: invalidateAuth,
});
