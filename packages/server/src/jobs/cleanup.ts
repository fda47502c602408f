import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';

/** Sessions ended or expired this long ago are deleted (they stay visible a while for audits). */
const ENDED_SESSION_KEEP_DAYS = 7;

export type CleanupCounts = { loginCounters: number; sessions: number; logEntries: number };

const count = (result: unknown) =>
  (result as { affectedRows?: number; rowCount?: number | null }).affectedRows ??
  (result as { rowCount?: number | null }).rowCount ??
  0;

/**
 * Retention: sign-in counters whose window has passed, long-ended sessions, and change-log entries older than their
 * object's daysToStore.
 */
export async function runCleanup(ctx: AppContext): Promise<CleanupCounts> {
  const window = ctx.config.loginLimit.windowSeconds;
  const counters = await ctx.db.execute(
    sql`delete from login_counters where window_start < now() - make_interval(secs => ${window})`,
  );
  const sessions = await ctx.db.execute(sql`
    delete from auth_tokens where kind = 'session'
      and coalesce(revoked_at, expires_at) < now() - make_interval(days => ${ENDED_SESSION_KEEP_DAYS})`);
  const entries = await ctx.db.execute(sql`
    delete from logger_entries e using logger_config c
    where c.domain_id = e.domain_id and c.object = e.object
      and e.date < now() - make_interval(days => c.days_to_store)`);
  return { loginCounters: count(counters), sessions: count(sessions), logEntries: count(entries) };
}
