import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { queryRows } from '../../../db/sql.js';
import { onSipDirectoryChange } from '../sip-directory.js';

/**
 * HA1s this node answers the SIP server from, by `realm/account`, kept HA1_TTL_MS: Kamailio asks
 * again every few seconds for each registering phone. The first question about a realm loads all
 * of the realm's credentials in one query when it has at most REALM_LOAD_MAX devices (a registrar's
 * preload: one query a realm a minute instead of one a phone, and an unknown account of a loaded
 * realm costs no query at all); a larger realm is asked account by account. Forgotten on every node
 * whenever the directory changes (`forgetSipDirectory` in ../sip-directory.ts: a device's password,
 * account, user or deletion; a user deactivated), so the answer after a change is fresh.
 */
const HA1_TTL_MS = 60_000;
const MAX_HA1 = 100_000;
export const REALM_LOAD_MAX = 20_000;

type Ha1Cache = {
  entries: Map<string, { ha1: string; until: number }>;
  /** Realms whose every credential is in `entries`, until when; false: too large to load whole. */
  realms: Map<string, { until: number } | false>;
  generation: number;
};
// One per database handle: tests run several servers in one process.
const caches = new WeakMap<object, Ha1Cache>();

function clear(cache: Ha1Cache) {
  cache.entries.clear();
  cache.realms.clear();
  cache.generation++;
}

function cacheOf(ctx: Pick<AppContext, 'db'>): Ha1Cache {
  const known = caches.get(ctx.db);
  if (known) return known;
  const cache: Ha1Cache = { entries: new Map(), realms: new Map(), generation: 0 };
  caches.set(ctx.db, cache);
  onSipDirectoryChange(ctx, () => clear(cache));
  return cache;
}

const credentialsQuery = (realmName: string, where: SQL, limit: number) =>
  sql`select lower(d.account) as account, d.password_ha1 as ha1 from devices d
      join domains m on m.id = d.domain_id
      left join users u on u.id = d.user_id
      where lower(m.name) = ${realmName} and ${where}
        and d.password_ha1 is not null and coalesce(u.state, true)
      limit ${limit}`;

/**
 * Every credential of the realm into the cache, when it has at most REALM_LOAD_MAX; false when it
 * has more (or something changed while the database was asked: then nothing is kept).
 */
async function loadRealm(ctx: Pick<AppContext, 'db'>, cache: Ha1Cache, realmName: string): Promise<boolean> {
  const generation = cache.generation;
  const rows = await queryRows<{ account: string; ha1: string }>(
    ctx.db,
    credentialsQuery(realmName, sql`true`, REALM_LOAD_MAX + 1),
  );
  if (cache.generation !== generation) return false;
  if (rows.length > REALM_LOAD_MAX) {
    cache.realms.set(realmName, false);
    return false;
  }
  if (cache.entries.size + rows.length > MAX_HA1) clear(cache);
  const until = Date.now() + HA1_TTL_MS;
  for (const row of rows) cache.entries.set(`${realmName}/${row.account}`, { ha1: row.ha1, until });
  cache.realms.set(realmName, { until });
  return true;
}

/** The HA1 of a device of the realm whose user (if any) is active, or null. */
export async function credentialsOf(ctx: AppContext, realmName: string, acct: string): Promise<string | null> {
  const cache = cacheOf(ctx);
  const key = `${realmName}/${acct.toLowerCase()}`;
  const hit = cache.entries.get(key);
  if (hit && hit.until > Date.now()) return hit.ha1;
  const realm = cache.realms.get(realmName);
  if (realm !== false && !(realm && realm.until > Date.now()) && (await loadRealm(ctx, cache, realmName))) {
    return cache.entries.get(key)?.ha1 ?? null;
  }
  // A loaded realm without the account: unknown, no query.
  if (realm && realm.until > Date.now()) return null;
  const generation = cache.generation;
  // A device of a deactivated user is refused, as that user's sign-in is.
  const [row] = await queryRows<{ ha1: string | null }>(
    ctx.db,
    credentialsQuery(realmName, sql`lower(d.account) = lower(${acct})`, 1),
  );
  const ha1 = row?.ha1 ?? null;
  // Not when something changed while the database was asked: the answer may predate it.
  if (ha1 && cache.generation === generation) {
    if (cache.entries.size >= MAX_HA1) clear(cache);
    cache.entries.set(key, { ha1, until: Date.now() + HA1_TTL_MS });
  }
  return ha1;
}
