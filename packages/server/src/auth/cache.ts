import { forgetKeptRights } from '../access/takedown.js';
import type { AppContext } from '../context.js';
import { keptCopy } from '../core/node-changes.js';
import type { Principal } from '../core/principal.js';

/** How long a resolved principal is reused without asking the database again. */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
export const AUTH_CHANNEL = 'auth_changed';

/** `expires`: the token's end in ms (Infinity for none), read once rather than on every request. */
type Entry = { principal: Principal; until: number; expires: number };
type Cache = {
  entries: Map<string, Entry>;
  loading: Map<string, Promise<Principal | null>>;
};

const principals = keptCopy<Cache>(
  AUTH_CHANNEL,
  () => ({ entries: new Map(), loading: new Map() }),
  (c, db) => {
    forgetKeptRights(db);
    c.entries.clear();
  },
);
const cacheOf = principals.of;

/** Calls `fn` after every change of users, roles, grants or tokens, here or on another node. */
export const onAuthChange = principals.onForget;

/**
 * Forgets every cached principal here and on every other API node. Call it after changing users,
 * roles, user roles, grants, object classes or tokens: it costs one NOTIFY.
 */
export const invalidateAuth: (ctx: AppContext) => Promise<void> = principals.forget;

/** Listens for other nodes' invalidations; returns the unsubscribe. */
export const watchAuthChanges: (ctx: AppContext) => Promise<() => Promise<void>> = principals.watch;

/** The cached principal of a token hash, if still fresh and its token not expired. */
export function cachedPrincipal(ctx: Pick<AppContext, 'db'>, tokenHash: string, now = Date.now()): Principal | null {
  const entry = cacheOf(ctx).entries.get(tokenHash);
  if (!entry) return null;
  if (entry.until < now || entry.expires <= now) {
    cacheOf(ctx).entries.delete(tokenHash);
    return null;
  }
  return entry.principal;
}

/** Remembers a principal, unless an invalidation happened since `generation` was read. */
export function rememberPrincipal(
  ctx: Pick<AppContext, 'db'>,
  tokenHash: string,
  principal: Principal,
  generation: number,
): void {
  const cache = cacheOf(ctx);
  if (cache.generation !== generation) return;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  const expires = principal.tokenExpiresAt ? Date.parse(principal.tokenExpiresAt) : Number.POSITIVE_INFINITY;
  cache.entries.set(tokenHash, { principal, until: Date.now() + TTL_MS, expires });
}

export function cacheGeneration(ctx: Pick<AppContext, 'db'>): number {
  return cacheOf(ctx).generation;
}

/**
 * Runs one principal load per token hash at a time: when a cached entry expires under load, the
 * requests that arrive meanwhile wait for the same load instead of each querying the database.
 */
export function loadOnce(
  ctx: Pick<AppContext, 'db'>,
  tokenHash: string,
  load: () => Promise<Principal | null>,
): Promise<Principal | null> {
  const loading = cacheOf(ctx).loading;
  const pending = loading.get(tokenHash);
  if (pending) return pending;
  const next = load().finally(() => loading.delete(tokenHash));
  loading.set(tokenHash, next);
  return next;
}
