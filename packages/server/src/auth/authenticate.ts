import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Principal } from '../core/principal.js';
import { cachedPrincipal, cacheGeneration, loadOnce, rememberPrincipal } from './cache.js';
import { loadPrincipal } from './principal.js';
import { findLiveToken, hashToken, noteTokenUse, tokenUseDue } from './tokens.js';

/**
 * The bearer token of a request: the Authorization header, else `?access_token=` on the routes a
 * browser must open without headers (media stream and upload, the live event stream), which set
 * `config.queryToken`. Elsewhere a token in the URL would end up in histories and proxies' logs.
 */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
    return m ? m[1] : null;
  }
  if (request.routeOptions.config.queryToken !== true) return null;
  const q = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof q === 'string' && q ? q : null;
}

/**
 * The caller of `token` from the principal cache when nothing is to be waited for (no use of it
 * to note): the guard's common case, without a promise. Undefined: ask `authenticate`.
 */
export function authenticatedNow(ctx: AppContext, token: string | null): Principal | undefined {
  if (!token || token.length > 512) return undefined;
  const cached = cachedPrincipal(ctx, hashToken(token));
  return cached && !tokenUseDue(ctx, cached) ? cached : undefined;
}

/** Resolves the caller from its token, through the principal cache. */
export async function authenticate(ctx: AppContext, token: string | null): Promise<Principal | null> {
  if (!token || token.length > 512) return null;
  const hash = hashToken(token);
  const cached = cachedPrincipal(ctx, hash);
  if (cached) {
    await noteTokenUse(ctx, cached);
    return cached;
  }
  const principal = await loadOnce(ctx, hash, async () => {
    const generation = cacheGeneration(ctx);
    const row = await findLiveToken(ctx, token);
    if (!row) return null;
    const principal = await loadPrincipal(ctx.db, row);
    if (principal) rememberPrincipal(ctx, hash, principal, generation);
    return principal;
  });
  if (principal) await noteTokenUse(ctx, principal);
  return principal;
}
