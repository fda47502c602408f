import { createHash, timingSafeEqual } from 'node:crypto';
import { BYPASS_PERMISSION, type Right, rightBit } from '@switchboard/model';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { cachedPrincipal, cacheGeneration, loadOnce, rememberPrincipal } from '../auth/cache.js';
import { loadPrincipal } from '../auth/principal.js';
import { findLiveToken, hashToken, noteTokenUse } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import { keyedError, unauthorized } from '../core/errors.js';
import { pathParam } from '../core/params.js';
import type { Guard, Principal } from '../core/principal.js';
import { recordAcl } from '../db/schema.js';

/** Routes added by third-party plugins (API docs) that cannot carry a config of their own. */
const PLUGIN_PUBLIC_PREFIXES = ['/api/docs'];

/** onRoute hook: a route without `config.guard` is refused at registration. */
export function requireGuard(route: RouteOptions) {
  const config = (route.config ?? {}) as { guard?: Guard };
  if (config.guard) return;
  if (PLUGIN_PUBLIC_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`))) {
    route.config = { ...config, guard: 'public' } as RouteOptions['config'];
    return;
  }
  throw new Error(
    `Route ${route.method} ${route.url} has no guard: set config.guard ('public', 'authenticated', {class, right} or {permission})`,
  );
}

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

/** Does the class right hold (obac on: from the scope; off: every user of the domain)? */
export function classAllows(principal: Principal, cls: string, right: Right): boolean {
  if (principal.permissions.has(BYPASS_PERMISSION[right])) return true;
  const entry = principal.scope.get(cls);
  if (!entry) return false;
  return !entry.obac || entry.access.includes(right);
}

/** Does one of the caller's roles hold the right on this record (record ACL)? */
export async function recordAllows(
  ctx: AppContext,
  principal: Principal,
  cls: string,
  recordId: number,
  right: Right,
): Promise<boolean> {
  if (principal.permissions.has(BYPASS_PERMISSION[right])) return true;
  if (!principal.roleIds.length) return false;
  const rows = await ctx.db
    .select({ one: sql<number>`1` })
    .from(recordAcl)
    .where(
      and(
        eq(recordAcl.domainId, principal.domainId),
        eq(recordAcl.class, cls),
        eq(recordAcl.recordId, recordId),
        inArray(recordAcl.granteeId, principal.roleIds),
        sql`(${recordAcl.access} & ${rightBit(right)}) <> 0`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Is record-level checking on for this class of the caller's domain? */
export function recordChecksOn(principal: Principal, cls: string): boolean {
  return principal.scope.get(cls)?.rbac === true;
}

/**
 * The SIP server's routes: only with TELEPHONY_SECRET set (else they do not exist: 404), and only
 * with that secret in X-Telephony-Secret (compared in constant time).
 */
function checkTelephonySecret(ctx: AppContext, request: FastifyRequest) {
  const secret = ctx.config.telephonySecret;
  if (!secret) throw keyedError(404, 'app.telephony.not_found', 'notFound', { resource: 'telephony' });
  const sent = request.headers['x-telephony-secret'];
  const a = createHash('sha256')
    .update(typeof sent === 'string' ? sent : '')
    .digest();
  const b = createHash('sha256').update(secret).digest();
  if (!timingSafeEqual(a, b)) throw unauthorized();
}

/**
 * onRequest hook of every route: authentication, then the class right (obac), then the record
 * right (rbac) on the `:id` param (or `recordParam`).
 */
export function guardHook(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    request.principal = null;
    if (request.is404) return;
    const guard = request.routeOptions.config.guard;
    if (guard === 'public') return;
    if (guard === 'telephony') return checkTelephonySecret(ctx, request);
    const principal = await authenticate(ctx, tokenOf(request));
    if (!principal) throw unauthorized();
    request.principal = principal;
    if (!guard || guard === 'authenticated') return;
    if (guard.permission && !principal.permissions.has(guard.permission)) {
      throw keyedError(403, 'app.auth.forbidden', 'permission', { permission: guard.permission });
    }
    if (!guard.class || !guard.right) return;
    if (!classAllows(principal, guard.class, guard.right)) {
      throw keyedError(403, 'app.auth.forbidden', 'classRight', { right: guard.right, resource: guard.class });
    }
    if (!recordChecksOn(principal, guard.class)) return;
    const raw = pathParam(request, guard.recordParam ?? 'id');
    if (raw === undefined) return;
    const recordId = Number(raw);
    // A malformed id is answered by the route's validation; nothing can match it here.
    if (!Number.isSafeInteger(recordId) || recordId <= 0) return;
    if (!(await recordAllows(ctx, principal, guard.class, recordId, guard.right))) {
      throw keyedError(403, 'app.auth.forbidden', 'recordRight', { right: guard.right, resource: guard.class });
    }
  };
}
