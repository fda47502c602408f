import type { AppContext } from '../../context.js';
import { rawQuery } from '../../db/raw.js';
import { IMPORT_QUEUE } from './run.js';

/**
 * Queues again the imports whose run died: running with a heartbeat older than IMPORT_STALE_SECONDS, or
 * queued for as long with no run. `starting` (the embedded database at start-up, where this is
 * the only process) takes every running one at once. A run resumes from its watermarks; a second
 * job for an import that is alive finds it held and does nothing.
 */
export async function resumeImports(ctx: AppContext, starting: boolean): Promise<number> {
  if (!ctx.raw) return 0;
  if (starting)
    await rawQuery(ctx.raw, `update imports set heartbeat_at = null, runner = null where state = 'running'`);
  const rows = await rawQuery<{ id: number }>(
    ctx.raw,
    `select id from imports where (state = 'running' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $1::int)))
       or (state = 'queued' and created_at < now() - make_interval(secs => $1::int))`,
    [ctx.config.importStaleSeconds],
  );
  for (const { id } of rows) await ctx.jobs.send(IMPORT_QUEUE, { importId: id }, { retryLimit: 0 });
  return rows.length;
}
