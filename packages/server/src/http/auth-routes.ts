import { loginChallenge, required } from '@switchboard/model';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decoyHash, verifyPassword } from '../auth/passwords.js';
import { userInfoOf } from '../auth/principal.js';
import { attemptKeys, attemptSucceeded, reserveAttempt } from '../auth/rate-limit.js';
import { loginAnswer, startSession } from '../auth/session-start.js';
import { revokeToken } from '../auth/tokens.js';
import { createChallenge, twoFactorOf, twoFactorRequired } from '../auth/two-factor.js';
import type { AppContext } from '../context.js';
import { HttpError, keyedError } from '../core/errors.js';
import { signedInRoutes } from '../core/signed-in.js';
import { domains, loggerEntries, users } from '../db/schema.js';
import { userLicenseRefs } from '../resources/directory/licenses.js';
import { twoFactorLoginRoutes } from '../resources/directory/users/two-factor-routes.js';

const loginBody = z.object({ username: required(), password: required(), domain: z.string().trim().optional() });
const invalidCredentials = () => keyedError(401, 'app.auth.invalid_credentials', 'signInFailed');

const inactiveAccount = () => keyedError(401, 'app.auth.inactive', 'accountDisabled');

/** `user@domain` carries its domain; otherwise the one domain there is, if there is only one. */
async function resolveDomain(ctx: AppContext, username: string, domain: string | undefined) {
  let name = domain || null;
  let user = username;
  const at = username.lastIndexOf('@');
  if (!name && at > 0) {
    name = username.slice(at + 1);
    user = username.slice(0, at);
  }
  if (name) {
    const [row] = await ctx.db.select({ id: domains.id }).from(domains).where(eq(domains.name, name)).limit(1);
    return { domainId: row?.id ?? null, username: user, domainName: name };
  }
  const rows = await ctx.db.select({ id: domains.id, name: domains.name }).from(domains).limit(2);
  if (rows.length !== 1) {
    throw new HttpError(400, 'app.auth.domain_required', 'domain: This field is required', [
      { field: 'domain', message: 'This field is required' },
    ]);
  }
  return { domainId: rows[0].id, username: user, domainName: rows[0].name };
}

/** GET /api/userinfo: the caller, its rights by class, its roles, permissions, access and licenses. */
const userInfoAnswer = z.object({
  userId: z.number(),
  name: z.string(),
  username: z.string(),
  domain: z.string(),
  domainId: z.number(),
  scope: z.array(
    z.object({
      class: z.string(),
      access: z.string(),
      obac: z.boolean(),
      rbac: z.boolean(),
      manage: z.string().optional(),
    }),
  ),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  permissions: z.array(z.string()),
  access: z.record(z.string(), z.unknown()),
  license: z.array(z.object({ id: z.number(), prod: z.string() })),
});

/** POST /api/login, POST /api/logout, GET /api/userinfo, and the second step of a sign-in. */
export async function authRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  twoFactorLoginRoutes(app);
  const route = signedInRoutes(app, { tag: 'session', guard: 'authenticated' });

  r.post(
    '/api/login',
    {
      config: { guard: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in (answers a session, or a challenge when a second factor is due)',
        body: loginBody,
        response: { 200: z.union([loginAnswer, loginChallenge]) },
      },
    },
    async (request, reply) => {
      const { domainId, username, domainName } = await resolveDomain(ctx, request.body.username, request.body.domain);
      const keys = attemptKeys(domainId ?? domainName, username, request.ip);
      await reserveAttempt(ctx, keys);
      const [user] =
        domainId === null
          ? []
          : await ctx.db
              .select({ id: users.id, passwordHash: users.passwordHash, state: users.state })
              .from(users)
              .where(and(eq(users.domainId, domainId), sql`lower(${users.username}) = lower(${username})`))
              .limit(1);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), request.body.password);
      if (!user || !ok || domainId === null) throw invalidCredentials();
      // Told only after the password matched, so a guess learns nothing about the account.
      if (!user.state) throw inactiveAccount();
      // The password alone opens no session when a second factor is set up or required.
      const enrolled = Boolean((await twoFactorOf(ctx.db, user.id))?.enabledAt);
      if (enrolled || (await twoFactorRequired(ctx.db, user.id))) {
        const challenge = await createChallenge(ctx, user.id, domainId);
        // The failures are forgiven only once the second step passes too.
        return reply.send({ twoFactor: enrolled ? ('code' as const) : ('enrol' as const), ...challenge });
      }
      await attemptSucceeded(ctx, keys);
      return reply.send(await startSession(ctx, request, user.id, domainId));
    },
  );

  route('POST /api/logout', 'Sign out (revokes this token)', {
    handler: async (request, reply) => {
      const p = request.principal;
      await revokeToken(ctx, p.tokenId);
      await ctx.db.insert(loggerEntries).values({
        domainId: p.domainId,
        object: 'users',
        action: 'logout',
        userId: p.userId,
        recordId: p.userId,
        userIp: request.ip,
      });
      return reply.status(204).send();
    },
  });

  route('GET /api/userinfo', 'The signed-in user and its rights', {
    response: { 200: userInfoAnswer },
    handler: async (request) => userInfoOf(request.principal, await userLicenseRefs(ctx.db, request.principal.userId)),
  });
}
