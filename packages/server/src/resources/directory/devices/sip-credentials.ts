import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { queryRows } from '../../../db/sql.js';
import { directorySnapshot, onSipDirectoryChange, realmDomain } from '../sip-directory.js';

/**
 * The HA1 the SIP server checks a REGISTER against. A domain the node keeps (../sip-directory.ts,
 * at most SNAPSHOT_MAX_ROWS devices and users) answers from memory, an unknown account as well. A
 * larger one is asked account by account, each answer kept HA1_TTL_MS: Kamailio asks again every
 * few seconds for each registering phone. Both are forgotten whenever the directory changes (a
 * device's password, account, user or deletion; a user deactivated), so the answer after a change
 * is fresh.
 */
const HA1_TTL_MS = 60_000;
const MAX_HA1 = 100_000;

type Ha1Cache = { entries: Map<string, { ha1: string; until: number }>; generation: number };
// One per database handle: tests run several servers in one process.
const caches = new WeakMap<object, Ha1Cache>();

function cacheOf(ctx: Pick<AppContext, 'db'>): Ha1Cache {
  const known = caches.get(ctx.db);
  if (known) return known;
  const cache: Ha1Cache = { entries: new Map(), generation: 0 };
  caches.set(ctx.db, cache);
  onSipDirectoryChange(ctx, () => {
    cache.entries.clear();
    cache.generation++;
  });
  return cache;
}

/** The HA1 of a device of the realm whose user (if any) is active, or null. */
export async function credentialsOf(ctx: AppContext, realmName: string, acct: string): Promise<string | null> {
  const domain = await realmDomain(ctx, realmName);
  if (!domain) return null;
  const kept = await directorySnapshot(ctx, domain.id);
  if (kept) {
    const device = kept.deviceByAccount.get(acct.toLowerCase());
    const user = device?.userId == null ? undefined : kept.users.get(device.userId);
    // A device of a deactivated user is refused, as that user's sign-in is.
    return device?.ha1 && user?.active !== false ? device.ha1 : null;
  }
  const cache = cacheOf(ctx);
  const key = `${domain.id}/${acct.toLowerCase()}`;
  const hit = cache.entries.get(key);
  if (hit && hit.until > Date.now()) return hit.ha1;
  const generation = cache.generation;
  const [row] = await queryRows<{ ha1: string | null }>(
    ctx.db,
    sql`select d.password_ha1 as ha1 from devices d left join users u on u.id = d.user_id
        where d.domain_id = ${domain.id} and lower(d.account) = lower(${acct})
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
