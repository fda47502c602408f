import { presenceInput } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refuseStrongerUser } from '../../../access/escalation.js';
import { invalidateAuth } from '../../../auth/cache.js';
import { revokeSessions } from '../../../auth/tokens.js';
import { writeChange } from '../../../changelog/writer.js';
import { idParamDoc, paramId } from '../../../core/route.js';
import { signedInRoutes } from '../../../core/signed-in.js';
import { loggerEntries } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { notFound, readItem } from '../../engine/ops.js';
import { recordOf } from '../../engine/record-of.js';
import { forgetSipDirectory } from '../sip-directory.js';
import { usersResource } from './users.js';

const c = usersResource.compiled;

/** PATCH /api/users/{id}/presence and POST /api/users/{id}/logout. */
export function registerUserPresenceRoutes(app: FastifyInstance) {
  const route = signedInRoutes(app, { tag: 'users', guard: { class: 'users', right: 'w' }, resource: 'users' });

  route('PATCH /api/users/:id/presence', 'Set presence (status dnd or empty, note)', {
    params: idParamDoc,
    body: presenceInput,
    response: { 200: c.def.item },
    handler: async (request) => {
      const id = paramId(request, 'users');
      const body = request.body;
      const { db } = request.server.ctx;
      const principal = request.principal;
      // A change of presence is an update of the user: logged like any, in the same transaction.
      const answer = await db.transaction(async (tx) => {
        const old = await readItem(tx, c, principal, id);
        if (!old) throw notFound(c);
        await queryRows(
          tx,
          sql`update users set presence_status = ${body.status}, presence_note = ${body.note}, updated_at = now()
              where id = ${id} and domain_id = ${principal.domainId} returning id`,
        );
        const item = (await readItem(tx, c, principal, id)) as Record<string, unknown>;
        await writeChange(tx, {
          domainId: principal.domainId,
          object: c.def.logObject as string,
          action: 'update',
          userId: principal.userId,
          userIp: request.ip,
          recordId: id,
          newState: item,
          oldState: old,
        });
        return item;
      });
      // Do not disturb decides where calls go: call routing reads it afresh.
      await forgetSipDirectory(request.server.ctx);
      return answer;
    },
  });

  route('POST /api/users/:id/logout', 'End every sign-in session of a user', {
    params: idParamDoc,
    response: { 200: z.object({ sessions: z.number() }) },
    handler: async (request) => {
      const { id } = await recordOf(request, { table: 'users', name: 'users' });
      const ctx = request.server.ctx;
      await refuseStrongerUser(ctx.db, request.principal, id, 'strongerUserLogOut');
      const sessions = await revokeSessions(ctx, id);
      // A forced sign-out is in the log of who forced it, naming the user signed out.
      const p = request.principal;
      await ctx.db.insert(loggerEntries).values({
        domainId: p.domainId,
        object: 'users',
        action: 'logout',
        userId: p.userId,
        recordId: id,
        userIp: request.ip,
        newState: { sessions },
      });
      await invalidateAuth(ctx);
      return { sessions };
    },
  });
}
