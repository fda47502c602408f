import { createHash, randomBytes, randomInt } from 'node:crypto';
import { TWO_FACTOR } from '@switchboard/model';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { loginChallenges, userRecoveryCodes, userTwoFactor } from '../db/schema.js';
import { queryRows } from '../db/sql.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function totpOf(secret: string, label = '') {
  return new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to, or null when it matches none within the window. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TWO_FACTOR.window });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TWO_FACTOR.periodSeconds) + delta;
}

/** Recovery codes read like `k3x9a-2bq7m`: ten characters without look-alikes, grouped for reading. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}
const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export async function twoFactorOf(db: Db, userId: number): Promise<TwoFactorRow | null> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).limit(1);
  return row ?? null;
}

/** Does one of the user's roles require a second factor? */
export async function twoFactorRequired(db: Db, userId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ${userId} and r.require_two_factor limit 1`,
  );
  return rows.length > 0;
}

export async function twoFactorStatus(db: Db, userId: number) {
  const row = await twoFactorOf(db, userId);
  const required = await twoFactorRequired(db, userId);
  const left = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_recovery_codes where user_id = ${userId} and used_at is null`,
  );
  return { enabled: Boolean(row?.enabledAt), required, recoveryCodesLeft: row?.enabledAt ? (left[0]?.n ?? 0) : 0 };
}

/**
 * Starts (or restarts) an enrolment: a new secret that counts only once a code from it is
 * confirmed. Answers the secret and the `otpauth://` address for the QR code.
 */
export async function beginEnrolment(db: Db, userId: number, label: string) {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(userTwoFactor)
    .values({ userId, secret, enabledAt: null, lastStep: 0 })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { secret, enabledAt: null, lastStep: 0 } });
  return { secret, uri: totpOf(secret, label).toString() };
}

/** Replaces the user's recovery codes; the clear codes are answered once and never stored. */
async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newRecoveryCode);
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normaliseRecovery(c)) })));
  return codes;
}

/**
 * Takes a time step for the user unless it (or a later one) was used already: one statement, so
 * two requests with the same code cannot both pass.
 */
async function claimStep(db: Db, userId: number, step: number, enabling: boolean): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set(enabling ? { lastStep: step, enabledAt: new Date().toISOString() } : { lastStep: step })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        lt(userTwoFactor.lastStep, step),
        enabling ? isNull(userTwoFactor.enabledAt) : sql`${userTwoFactor.enabledAt} is not null`,
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length === 1;
}

/** Confirms a pending enrolment with a current code; answers the recovery codes, or null. */
export async function confirmEnrolment(db: Db, userId: number, code: string): Promise<string[] | null> {
  const row = await twoFactorOf(db, userId);
  if (!row || row.enabledAt) return null;
  const step = matchingStep(row.secret, code);
  if (step === null || !(await claimStep(db, userId, step, true))) return null;
  return newRecoveryCodes(db, userId);
}

/** Checks a sign-in code: a current six-digit code (once) or an unused recovery code (spent). */
export async function verifySecondFactor(db: Db, userId: number, code: string): Promise<boolean> {
  const row = await twoFactorOf(db, userId);
  if (!row?.enabledAt) return false;
  const step = matchingStep(row.secret, code.trim());
  if (step !== null) return claimStep(db, userId, step, false);
  const spent = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date().toISOString() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, sha256(normaliseRecovery(code))),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return spent.length === 1;
}

/** Turns two-factor sign-in off for a user (their own choice or an administrator's reset). */
export async function removeTwoFactor(db: Db, userId: number): Promise<boolean> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  const rows = await db
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ enabledAt: userTwoFactor.enabledAt });
  return Boolean(rows[0]?.enabledAt);
}

/** A single-use ticket for the second step of a sign-in whose password was right. */
export async function createChallenge(ctx: AppContext, userId: number, domainId: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TWO_FACTOR.challengeSeconds * 1000).toISOString();
  await ctx.db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date().toISOString()));
  await ctx.db.insert(loginChallenges).values({ userId, domainId, tokenHash: sha256(token), expiresAt });
  return { challenge: token, expiresAt };
}

/**
 * Spends one attempt of a live challenge and answers it, or null when it is unknown, expired or
 * out of attempts. The attempt is counted before the code is checked, in one statement, so parallel
 * guesses cannot exceed the limit.
 */
export async function takeChallengeAttempt(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, sha256(token)),
        gt(loginChallenges.expiresAt, new Date().toISOString()),
        lt(loginChallenges.attempts, TWO_FACTOR.challengeAttempts),
      ),
    )
    .returning();
  return row ?? null;
}

/** A live challenge without spending an attempt (the enrolment step reads it). */
export async function peekChallenge(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select()
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, sha256(token)), gt(loginChallenges.expiresAt, new Date().toISOString())))
    .limit(1);
  return row ?? null;
}

export async function spendChallenge(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.delete(loginChallenges).where(eq(loginChallenges.id, id));
}
