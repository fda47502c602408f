import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { loginFailures } from '../db/schema.js';

/** Failure counter keys: one per user of a domain, one per client address. */
export const userKey = (domainId: number | string, username: string) => `user:${domainId}/${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/**
 * Seconds to wait before another attempt, or 0 when allowed. Counted in the database so the
 * limit holds across API nodes.
 */
export async function loginRetryAfter(ctx: AppContext, keys: { user: string; address: string }): Promise<number> {
  const { perUser, perAddress, windowSeconds } = ctx.config.loginLimit;
  const since = new Date(Date.now() - windowSeconds * 1000).toISOString();
  const rows = await ctx.db
    .select({ key: loginFailures.key, count: sql<number>`count(*)::int`, first: sql<string>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [keys.user, keys.address]), gt(loginFailures.at, since)))
    .groupBy(loginFailures.key);
  let wait = 0;
  for (const row of rows) {
    const limit = row.key === keys.user ? perUser : perAddress;
    if (row.count < limit) continue;
    const until = new Date(row.first).getTime() + windowSeconds * 1000;
    wait = Math.max(wait, Math.ceil((until - Date.now()) / 1000), 1);
  }
  return wait;
}

export async function recordLoginFailure(ctx: AppContext, keys: { user: string; address: string }): Promise<void> {
  const before = new Date(Date.now() - ctx.config.loginLimit.windowSeconds * 1000).toISOString();
  await ctx.db.insert(loginFailures).values([{ key: keys.user }, { key: keys.address }]);
  // Old failures of these keys no longer count: drop them as we go.
  await ctx.db
    .delete(loginFailures)
    .where(and(inArray(loginFailures.key, [keys.user, keys.address]), lt(loginFailures.at, before)));
}

export async function clearLoginFailures(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(loginFailures).where(eq(loginFailures.key, key));
}
