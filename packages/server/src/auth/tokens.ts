import { hash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Principal } from '../core/principal.js';
import type { Db } from '../db/client.js';
import { authTokens } from '../db/schema.js';
import { invalidateAuth } from './cache.js';

export type TokenKind = 'session' | 'token';
export type TokenRow = typeof authTokens.$inferSelect;

/** Tokens are stored only as their SHA-256; the clear value is shown once. (Every request hashes its token: the one-shot hash.) */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function newTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

export type IssueTokenInput = {
  userId: number;
  domainId: number;
  kind: TokenKind;
  usage?: string;
  createdBy?: number | null;
  /** Absolute expiry; null never expires (user API tokens). Sessions default to SESSION_TTL. */
  expiresAt?: Date | null;
  ip?: string;
  /** The transaction to insert in (so an entry of the trail commits with the token). */
  tx?: Db;
};

/** Creates a token and answers its clear value (never stored) with the stored row. */
export async function issueToken(ctx: AppContext, input: IssueTokenInput): Promise<{ token: string; row: TokenRow }> {
  const token = newTokenValue();
  const expiresAt =
    input.expiresAt !== undefined
      ? input.expiresAt
      : input.kind === 'session'
        ? new Date(Date.now() + ctx.config.sessionTtlSeconds * 1000)
        : null;
  const [row] = await (input.tx ?? ctx.db)
    .insert(authTokens)
    .values({
      userId: input.userId,
      domainId: input.domainId,
      kind: input.kind,
      tokenHash: hashToken(token),
      usage: input.usage ?? '',
      createdBy: input.createdBy ?? null,
      expiresAt: expiresAt ? expiresAt.toISOString() : null,
      ip: input.ip ?? '',
    })
    .returning();
  return { token, row };
}

/** Finds the live (not revoked, not expired) row of a clear token. */
export async function findLiveToken(ctx: AppContext, token: string): Promise<TokenRow | null> {
  const [row] = await ctx.db
    .select()
    .from(authTokens)
    .where(eq(authTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || !isLive(row)) return null;
  return row;
}

export function isLive(row: Pick<TokenRow, 'revokedAt' | 'expiresAt'>, now = Date.now()): boolean {
  if (row.revokedAt) return false;
  return !row.expiresAt || Date.parse(row.expiresAt) > now;
}

/** Revokes one token by id (logout, token deletion). */
export async function revokeToken(ctx: AppContext, tokenId: number): Promise<void> {
  await ctx.db
    .update(authTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
  await invalidateAuth(ctx);
}

/**
 * Revokes every session and API token of a user but `exceptTokenId` (the caller's own session on
 * a password change). The caller drops the principal cache once its transaction has committed.
 */
export async function revokeUserTokens(db: Db, userId: number, exceptTokenId?: number): Promise<number> {
  const rows = await db
    .update(authTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        exceptTokenId === undefined ? undefined : ne(authTokens.id, exceptTokenId),
      ),
    )
    .returning({ id: authTokens.id });
  return rows.length;
}

/** Ends every sign-in session of a user (POST /users/{id}/logout); API tokens stay valid. */
export async function revokeSessions(ctx: AppContext, userId: number): Promise<number> {
  const rows = await ctx.db
    .update(authTokens)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'session'), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  await invalidateAuth(ctx);
  return rows.length;
}

const USE_NOTE_MS = 60_000;
/** Per database: when this process last wrote each token's last use. */
const useNoted = new WeakMap<object, Map<number, number>>();

/**
 * Notes that an API token authenticated a request, at most once a minute per token and process
 * (a token's last use is shown to a minute; sessions are not noted).
 */
export async function noteTokenUse(ctx: Pick<AppContext, 'db'>, principal: Principal): Promise<void> {
  if (!tokenUseDue(ctx, principal)) return;
  const noted = useNoted.get(ctx.db) ?? new Map<number, number>();
  useNoted.set(ctx.db, noted);
  noted.set(principal.tokenId, Date.now());
  await ctx.db.execute(sql`update auth_tokens set last_used_at = now() where id = ${principal.tokenId}`);
}

/** Whether `noteTokenUse` has a use to write for this principal (an API token not noted lately). */
export function tokenUseDue(ctx: Pick<AppContext, 'db'>, principal: Principal): boolean {
  if (principal.tokenKind !== 'token') return false;
  const noted = useNoted.get(ctx.db)?.get(principal.tokenId) ?? 0;
  return noted <= Date.now() - USE_NOTE_MS;
}
