import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { classAllows, recordAllows, recordChecksOn } from '../access/rights.js';
import { authenticate, authenticatedNow, tokenOf } from '../auth/authenticate.js';
import type { AppContext } from '../context.js';
import { keyedError, unauthorized } from '../core/errors.js';
import { pathParam } from '../core/params.js';
import type { Guard } from '../core/principal.js';

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
 * Authentication, then the class right (obac), then the record right (rbac) on the `:id` param
 * (or `recordParam`), for a route guarded by `guard`.
 */
async function check(ctx: AppContext, guard: Guard | undefined, request: FastifyRequest) {
  if (guard === 'public') return;
  if (guard === 'telephony') return checkTelephonySecret(ctx, request);
  const token = tokenOf(request);
  const principal = authenticatedNow(ctx, token) ?? (await authenticate(ctx, token));
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
}

/** onRequest hook of every route, reading each request's route guard (see `guardRoutes`). */
export function guardHook(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    request.principal = null;
    if (request.is404) return;
    return check(ctx, request.routeOptions.config.guard, request);
  };
}

/**
 * onRoute hook (after `requireGuard`): each route gets its own guard as its first onRequest hook
 * (a route's hooks run after the server's own: the admission queue). The guard is known when the route is registered,
 * so a request does not read it from `request.routeOptions` (an object Fastify builds on every
 * read). A public route gets none.
 */
export function guardRoutes(ctx: AppContext) {
  return (route: RouteOptions) => {
    const guard = (route.config as { guard?: Guard } | undefined)?.guard;
    if (guard === 'public') return;
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [async (request: FastifyRequest) => check(ctx, guard, request), ...own];
  };
}
