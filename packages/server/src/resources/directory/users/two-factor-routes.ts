import {
  messages,
  recoveryCodesAnswer,
  twoFactorStatus as statusSchema,
  twoFactorCode,
  twoFactorEnrolment,
  twoFactorLogin,
} from '@switchboard/model';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuseStrongerUser } from '../../../access/escalation.js';
import {
  attemptKeys,
  attemptSucceeded,
  reserveAttempt,
  reserveSessionAttempt,
  sessionAttemptSucceeded,
} from '../../../auth/rate-limit.js';
import { refuseApiToken } from '../../../auth/session-only.js';
import { loginAnswer, startSession } from '../../../auth/session-start.js';
import {
  beginEnrolment,
  confirmEnrolment,
  peekChallenge,
  removeTwoFactor,
  spendChallenge,
  takeChallengeAttempt,
  twoFactorOf,
  twoFactorRequired,
  twoFactorStatus,
  verifySecondFactor,
} from '../../../auth/two-factor.js';
import type { AppContext } from '../../../context.js';
import { keyedError } from '../../../core/errors.js';
import { doc, idParamDoc, validationError } from '../../../core/route.js';
import { type SignedInRequest, signedInRoutes } from '../../../core/signed-in.js';
import { domains, loggerEntries, users } from '../../../db/schema.js';
import { recordOf } from '../../engine/record-of.js';

const expiredChallenge = () => keyedError(401, 'app.auth.challenge_expired', 'signInExpired');
const wrongCode = () => validationError('auth', [{ field: 'code', message: messages.twoFactorWrong }]);

type Account = { id: number; domainId: number; username: string; domain: string };

async function accountOf(ctx: AppContext, userId: number): Promise<Account> {
  const [row] = await ctx.db
    .select({ id: users.id, domainId: users.domainId, username: users.username, domain: domains.name })
    .from(users)
    .innerJoin(domains, eq(domains.id, users.domainId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw expiredChallenge();
  return row;
}

/**
 * Codes are limited like passwords: the same per-account and per-address counters, so a
 * password guessed elsewhere does not buy unlimited code guesses.
 */
async function limited<T>(
  ctx: AppContext,
  request: FastifyRequest,
  account: Account,
  check: () => Promise<T | null>,
): Promise<T> {
  const keys = attemptKeys(account.domainId, account.username, request.ip);
  await reserveAttempt(ctx, keys);
  const result = await check();
  if (result === null) throw wrongCode();
  await attemptSucceeded(ctx, keys);
  return result;
}

/**
 * Codes sent from a signed-in session (set-up, turning it off) count on that session, as wrong
 * current passwords do: a stolen session cannot lock the owner's sign-in.
 */
async function sessionLimited<T>(
  ctx: AppContext,
  request: SignedInRequest,
  check: () => Promise<T | null>,
): Promise<T> {
  const { tokenId } = request.principal;
  await reserveSessionAttempt(ctx, tokenId);
  const result = await check();
  if (result === null) throw wrongCode();
  await sessionAttemptSucceeded(ctx, tokenId);
  return result;
}

const label = (a: Account) => `${a.username}@${a.domain}`;

/** The sign-in challenge an enrolment starts from. */
const enrolChallenge = z.object({ challenge: z.string().min(1).max(512) });

/** The second step of a sign-in: POST /api/login/two-factor and its enrolment step. */
export function twoFactorLoginRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  // Steps of a sign-in: nobody is signed in yet.
  const signInStep = (url: string, summary: string, schema: { body: z.ZodType; response: { 200: z.ZodType } }) =>
    ({
      method: 'POST',
      url,
      config: { guard: 'public', resource: 'auth' },
      schema: doc('session', summary, schema),
    }) as const;

  app.route({
    ...signInStep('/api/login/two-factor/enrol', 'Start the enrolment a role requires, during sign-in', {
      body: enrolChallenge,
      response: { 200: twoFactorEnrolment },
    }),
    handler: async (request) => {
      const { challenge } = request.body as z.output<typeof enrolChallenge>;
      const row = await peekChallenge(ctx, challenge);
      if (!row) throw expiredChallenge();
      const existing = await twoFactorOf(ctx.db, row.userId);
      if (existing?.enabledAt) {
        throw keyedError(409, 'app.auth.two_factor_enrolled', 'twoFactorEnrolled');
      }
      return beginEnrolment(ctx.db, row.userId, label(await accountOf(ctx, row.userId)));
    },
  });

  app.route({
    ...signInStep('/api/login/two-factor', 'Second step of a sign-in: a six-digit code or a recovery code', {
      body: twoFactorLogin,
      response: { 200: loginAnswer.extend({ recoveryCodes: z.array(z.string()).optional() }) },
    }),
    handler: async (request) => {
      const body = request.body as z.output<typeof twoFactorLogin>;
      const row = await takeChallengeAttempt(ctx, body.challenge);
      if (!row) throw expiredChallenge();
      const account = await accountOf(ctx, row.userId);
      const [user] = await ctx.db.select({ state: users.state }).from(users).where(eq(users.id, row.userId));
      if (!user?.state) throw expiredChallenge();
      const enrolled = Boolean((await twoFactorOf(ctx.db, row.userId))?.enabledAt);
      // A sign-in that had to enrol confirms the new secret with its first code.
      const recoveryCodes = await limited(ctx, request, account, async () =>
        enrolled
          ? (await verifySecondFactor(ctx.db, row.userId, body.code))
            ? []
            : null
          : confirmEnrolment(ctx.db, row.userId, body.code),
      );
      await spendChallenge(ctx, row.id);
      const session = await startSession(ctx, request, row.userId, row.domainId);
      return enrolled ? session : { ...session, recoveryCodes };
    },
  });
}

/** The signed-in user's own second factor, and an administrator's view and reset of a user's. */
export function registerTwoFactorRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const me = async (request: SignedInRequest) => accountOf(ctx, request.principal.userId);
  const route = signedInRoutes(app, { tag: 'settings', guard: 'authenticated' });
  const userRoute = signedInRoutes(app, { tag: 'users', guard: { class: 'users', right: 'r' }, resource: 'users' });

  route('GET /api/users/me/two-factor', 'Two-factor sign-in of the signed-in user', {
    response: { 200: statusSchema },
    handler: async (request) => twoFactorStatus(ctx.db, request.principal.userId),
  });

  route('POST /api/users/me/two-factor', 'Start setting up two-factor sign-in (a new secret for the QR code)', {
    response: { 200: twoFactorEnrolment },
    handler: async (request) => {
      refuseApiToken(request.principal);
      const account = await me(request);
      if ((await twoFactorOf(ctx.db, account.id))?.enabledAt) {
        throw keyedError(409, 'app.auth.two_factor_enrolled', 'twoFactorEnrolled');
      }
      return beginEnrolment(ctx.db, account.id, label(account));
    },
  });

  route(
    'POST /api/users/me/two-factor/confirm',
    'Finish the set-up with a current code; answers the recovery codes once',
    {
      resource: 'auth',
      body: twoFactorCode,
      response: { 200: recoveryCodesAnswer },
      handler: async (request) => {
        refuseApiToken(request.principal);
        const { code } = request.body;
        const account = await me(request);
        const recoveryCodes = await sessionLimited(ctx, request, () => confirmEnrolment(ctx.db, account.id, code));
        await logTwoFactor(ctx, request, account.id, 'two_factor_enable');
        return { recoveryCodes };
      },
    },
  );

  route('DELETE /api/users/me/two-factor', 'Turn two-factor sign-in off (a current code is required)', {
    resource: 'auth',
    body: twoFactorCode,
    handler: async (request, reply) => {
      refuseApiToken(request.principal);
      const { code } = request.body;
      const account = await me(request);
      if (await twoFactorRequired(ctx.db, account.id)) {
        throw keyedError(403, 'app.auth.two_factor_required', 'twoFactorRequired');
      }
      await sessionLimited(ctx, request, async () =>
        (await verifySecondFactor(ctx.db, account.id, code)) ? true : null,
      );
      await removeTwoFactor(ctx.db, account.id);
      await logTwoFactor(ctx, request, account.id, 'two_factor_disable');
      return reply.status(204).send();
    },
  });

  userRoute('GET /api/users/:id/two-factor', 'Whether a user signs in with a second factor', {
    params: idParamDoc,
    response: { 200: statusSchema },
    handler: async (request) => {
      const userId = await domainUser(request);
      return twoFactorStatus(ctx.db, userId);
    },
  });

  userRoute(
    'DELETE /api/users/:id/two-factor',
    'Reset a user’s two-factor sign-in (they set it up again at their next sign-in)',
    {
      guard: { class: 'users', right: 'w' },
      params: idParamDoc,
      handler: async (request, reply) => {
        refuseApiToken(request.principal);
        const userId = await domainUser(request);
        await refuseStrongerUser(ctx.db, request.principal, userId, 'strongerUserTwoFactor');
        if (!(await removeTwoFactor(ctx.db, userId))) {
          throw keyedError(404, 'app.users.two_factor_not_set', 'twoFactorNotSet');
        }
        await logTwoFactor(ctx, request, userId, 'two_factor_reset');
        return reply.status(204).send();
      },
    },
  );
}

/** The `:id` user, refused unless it is of the caller's domain. */
const domainUser = async (request: SignedInRequest) => (await recordOf(request, USERS)).id;
const USERS = { table: 'users', name: 'users' };

async function logTwoFactor(ctx: AppContext, request: SignedInRequest, recordId: number, action: string) {
  const p = request.principal;
  await ctx.db
    .insert(loggerEntries)
    .values({ domainId: p.domainId, object: 'users', action, userId: p.userId, recordId, userIp: request.ip });
}
