import { AUDIT_OBJECTS } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';

/** Sessions ended or expired this long ago are deleted (they stay visible a while for audits). */
const ENDED_SESSION_KEEP_DAYS = 7;

export type RetentionCounts = { sessions: number; logEntries: number };

const count = (result: unknown) =>
  (result as { affectedRows?: number; rowCount?: number | null }).affectedRows ??
  (result as { rowCount?: number | null }).rowCount ??
  0;

/** Sign-in counters whose window has passed no longer count: deletes them. */
export async function cleanLoginCounters(ctx: AppContext): Promise<number> {
  const window = ctx.config.loginLimit.windowSeconds;
  return count(
    await ctx.db.execute(sql`delete from login_counters where window_start < now() - make_interval(secs => ${window})`),
  );
}

/** Retention: long-ended sessions, and change-log entries older than their object's daysToStore. */
export async function cleanRetention(ctx: AppContext): Promise<RetentionCounts> {
  const sessions = await ctx.db.execute(sql`
    delete from auth_tokens where kind = 'session'
      and coalesce(revoked_at, expires_at) < now() - make_interval(days => ${ENDED_SESSION_KEEP_DAYS})`);
  const entries = await ctx.db.execute(sql`
    delete from logger_entries e using logger_config c
    where c.domain_id = e.domain_id and c.object = e.object
      and e.date < now() - make_interval(days => c.days_to_store)`);
  // An object whose config was deleted keeps no log: its entries go with the next run. The
  // security trail is written whatever the configs say, so it is kept without one.
  const orphans = await ctx.db.execute(sql`
    delete from logger_entries e
    where e.object not in ${[...AUDIT_OBJECTS]}
      and not exists (select 1 from logger_config c where c.domain_id = e.domain_id and c.object = e.object)`);
  return { sessions: count(sessions), logEntries: count(entries) + count(orphans) };
}
