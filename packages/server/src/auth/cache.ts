import { forgetKeptRights } from '../access/takedown.js';
import type { AppContext } from '../context.js';
import { watchChanges } from '../core/node-changes.js';
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
  generation: number;
  /** Told whenever cached principals are dropped here (a change on this node or another). */
  watchers: Set<() => void>;
};

// One cache per database handle: tests run several servers in one process.
const caches = new WeakMap<object, Cache>();

function cacheOf(ctx: Pick<AppContext, 'db'>): Cache {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = { entries: new Map(), loading: new Map(), generation: 0, watchers: new Set() };
    caches.set(ctx.db, cache);
  }
  return cache;
}

function clearLocal(ctx: Pick<AppContext, 'db'>) {
  forgetKeptRights(ctx.db);
  const cache = cacheOf(ctx);
  cache.entries.clear();
  cache.generation++;
  for (const watcher of cache.watchers) watcher();
}

/** Calls `fn` after every change of users, roles, grants or tokens, here or on another node. */
export function onAuthChange(ctx: Pick<AppContext, 'db'>, fn: () => void): () => void {
  const { watchers } = cacheOf(ctx);
  watchers.add(fn);
  return () => watchers.delete(fn);
}

/**
 * Forgets every cached principal here and on every other API node. Call it after changing users,
 * roles, user roles, grants, object classes or tokens: it costs one NOTIFY.
 */
export async function invalidateAuth(ctx: AppContext): Promise<void> {
  clearLocal(ctx);
  await ctx.bus.notify(AUTH_CHANNEL, String(process.pid));
}

/** Listens for other nodes' invalidations; returns the unsubscribe. */
export function watchAuthChanges(ctx: AppContext): Promise<() => Promise<void>> {
  return watchChanges(ctx.bus, AUTH_CHANNEL, () => clearLocal(ctx));
}

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
