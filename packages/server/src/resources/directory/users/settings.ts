import { messages, passwordChange, phoneSettings } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invalidateAuth } from '../../../auth/cache.js';
import { hashPassword, verifyPassword } from '../../../auth/passwords.js';
import { reserveSessionAttempt, sessionAttemptSucceeded } from '../../../auth/rate-limit.js';
import { refuseApiToken } from '../../../auth/session-only.js';
import { revokeUserTokens } from '../../../auth/tokens.js';
import { validationError } from '../../../core/route.js';
import { signedInRoutes } from '../../../core/signed-in.js';
import { queryRows } from '../../../db/sql.js';

/**
 * The signed-in user's own settings: GET and PUT /api/user/settings/phone, and the password
 * change PUT /api/users/password (the current password is required).
 */
export function registerUserSettingsRoutes(app: FastifyInstance) {
  const route = signedInRoutes(app, { tag: 'settings', guard: 'authenticated' });

  route('GET /api/user/settings/phone', 'Phone settings of the signed-in user', {
    response: { 200: phoneSettings },
    handler: async (request) => {
      const [row] = await queryRows<{ webrtc: boolean; stun: boolean }>(
        request.server.ctx.db,
        sql`select webrtc, stun from user_settings where user_id = ${request.principal.userId}`,
      );
      return row ?? { webrtc: false, stun: false };
    },
  });

  route('PUT /api/user/settings/phone', 'Save phone settings (STUN only while WebPhone is on)', {
    resource: 'settings',
    body: phoneSettings,
    response: { 200: phoneSettings },
    handler: async (request) => {
      const body = request.body;
      // "Use STUN" exists only while the web phone is on: turning the phone off clears it.
      const webrtc = body.webrtc;
      const stun = body.webrtc && body.stun;
      await request.server.ctx.db.execute(sql`
        insert into user_settings (user_id, webrtc, stun) values (${request.principal.userId}, ${webrtc}, ${stun})
        on conflict (user_id) do update set webrtc = excluded.webrtc, stun = excluded.stun`);
      return { webrtc, stun };
    },
  });

  route('PUT /api/users/password', 'Change one’s own password', {
    resource: 'users',
    body: passwordChange,
    handler: async (request, reply) => {
      refuseApiToken(request.principal);
      const body = request.body;
      const { db } = request.server.ctx;
      const userId = request.principal.userId;
      const [user] = await queryRows<{ hash: string }>(
        db,
        sql`select password_hash as hash from users where id = ${userId}`,
      );
      // Wrong current passwords count on this session: a stolen one cannot guess its way to the
      // password, nor lock the owner's sign-in.
      const { tokenId } = request.principal;
      await reserveSessionAttempt(request.server.ctx, tokenId);
      if (!user || !(await verifyPassword(user.hash, body.currentPassword))) {
        throw validationError('users', [{ field: 'currentPassword', message: messages.passwordMismatch }]);
      }
      await sessionAttemptSucceeded(request.server.ctx, tokenId);
      const hash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update users set password_hash = ${hash}, updated_at = now() where id = ${userId}`);
        // Every other session and token of the user ends; the one that made the change stays.
        await revokeUserTokens(tx, userId, request.principal.tokenId);
      });
      await invalidateAuth(request.server.ctx);
      return reply.status(204).send();
    },
  });
}
