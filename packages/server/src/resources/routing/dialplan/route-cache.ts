import type { AppContext } from '../../../context.js';
import { watchChanges } from '../../../core/node-changes.js';

/**
 * A domain's enabled dialplan rules with their flows, as the last route decision read them: every
 * call that reaches the dialplan needs them, and they change rarely. Forgotten on every node
 * whenever a rule or a flow changes (`forgetRoutes`, a notice to the other nodes), and when the
 * notice listener was down, so the next route answer after a change reads them afresh.
 */
const CHANNEL = 'sip_routes_changed';
const MAX_DOMAINS = 1_000;

export type DialplanRule = {
  id: number;
  name: string;
  pattern: string;
  flowId: number;
  flowName: string;
  flowType: string;
  schema: unknown;
};

type RouteCache = { rules: Map<number, readonly DialplanRule[]>; generation: number };
// One per database handle: tests run several servers in one process.
const caches = new WeakMap<object, RouteCache>();

function cacheOf(ctx: Pick<AppContext, 'db'>): RouteCache {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = { rules: new Map(), generation: 0 };
    caches.set(ctx.db, cache);
  }
  return cache;
}

function clear(cache: RouteCache) {
  cache.rules.clear();
  cache.generation++;
}

/** Forgets the kept rules here and on every other node (after a change of dialplan or flows). */
export async function forgetRoutes(ctx: Pick<AppContext, 'db' | 'bus'>): Promise<void> {
  clear(cacheOf(ctx));
  await ctx.bus.notify(CHANNEL, String(process.pid));
}

/** Listens for the other nodes' changes; returns the stop. */
export function watchRoutes(ctx: Pick<AppContext, 'db' | 'bus'>): Promise<() => Promise<void>> {
  const cache = cacheOf(ctx);
  return watchChanges(ctx.bus, CHANNEL, () => clear(cache));
}

/** The domain's rules from the cache, else from `read` (kept unless a change came meanwhile). */
export async function cachedDialplan(
  ctx: Pick<AppContext, 'db'>,
  domainId: number,
  read: () => Promise<DialplanRule[]>,
): Promise<readonly DialplanRule[]> {
  const cache = cacheOf(ctx);
  const hit = cache.rules.get(domainId);
  if (hit) return hit;
  const generation = cache.generation;
  const rules = await read();
  // Not when something changed while the database was asked: the answer may predate it.
  if (cache.generation === generation) {
    if (cache.rules.size >= MAX_DOMAINS) cache.rules.clear();
    cache.rules.set(domainId, rules);
  }
  return rules;
}
