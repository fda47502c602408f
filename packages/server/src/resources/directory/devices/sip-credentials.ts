import { sql } from 'drizzle-orm';
import { onAuthChange } from '../../../auth/cache.js';
import type { AppContext } from '../../../context.js';
import { watchChanges } from '../../../core/node-changes.js';
import { queryRows } from '../../../db/sql.js';

/**
 * HA1s this node answered the SIP server lately, by `realm/account`, kept HA1_TTL_MS: Kamailio asks
 * again every few seconds for each registering phone. Forgotten on every node whenever a device
 * changes (its password, account, user, deletion: `forgetSipCredentials`, a notice to the other
 * nodes) or a user does (deactivated: the sign-in cache's change notice), so the answer after a
 * change is fresh. An unknown account is never kept here (Kamailio keeps that briefly).
 */
const HA1_TTL_MS = 60_000;
const MAX_HA1 = 100_000;
const CHANNEL = 'sip_credentials_changed';

type Ha1Cache = { entries: Map<string, { ha1: string; until: number }>; generation: number };
// One per database handle: tests run several servers in one process.
const caches = new WeakMap<object, Ha1Cache>();

function clear(cache: Ha1Cache) {
  cache.entries.clear();
  cache.generation++;
}

function cacheOf(ctx: Pick<AppContext, 'db'>): Ha1Cache {
  const known = caches.get(ctx.db);
  if (known) return known;
  const cache: Ha1Cache = { entries: new Map(), generation: 0 };
  caches.set(ctx.db, cache);
  onAuthChange(ctx, () => clear(cache));
  return cache;
}

/** Forgets the kept HA1s here and on every other node (after a change of devices). */
export async function forgetSipCredentials(ctx: AppContext): Promise<void> {
  clear(cacheOf(ctx));
  await ctx.bus.notify(CHANNEL, String(process.pid));
}

/** Listens for the other nodes' changes; returns the stop. */
export function watchSipCredentials(ctx: AppContext): Promise<() => Promise<void>> {
  const cache = cacheOf(ctx);
  return watchChanges(ctx.bus, CHANNEL, () => clear(cache));
}

/** The HA1 of a device of the realm whose user (if any) is active, or null. */
export async function credentialsOf(ctx: AppContext, realmName: string, acct: string): Promise<string | null> {
  const cache = cacheOf(ctx);
  const key = `${realmName}/${acct.toLowerCase()}`;
  const hit = cache.entries.get(key);
  if (hit && hit.until > Date.now()) return hit.ha1;
  const generation = cache.generation;
  // A device of a deactivated user is refused, as that user's sign-in is.
  const [row] = await queryRows<{ ha1: string | null }>(
    ctx.db,
    sql`select d.password_ha1 as ha1 from devices d
        join domains m on m.id = d.domain_id
        left join users u on u.id = d.user_id
        where lower(m.name) = ${realmName} and lower(d.account) = lower(${acct})
          and d.password_ha1 is not null and coalesce(u.state, true)`,
  );
  const ha1 = row?.ha1 ?? null;
  // Not when something changed while the database was asked: the answer may predate it.
  if (ha1 && cache.generation === generation) {
    if (cache.entries.size >= MAX_HA1) cache.entries.clear();
    cache.entries.set(key, { ha1, until: Date.now() + HA1_TTL_MS });
  }
  return ha1;
}
