import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { resumeImports } from '../resources/imports/resume.js';
import { IMPORT_QUEUE, runImport } from '../resources/imports/run.js';
import { EMAIL_POLL_QUEUE, pollEmailProfiles } from '../resources/integrations/email/poll.js';
import { closeOpenRuns, startTriggerTicker, sweepInterrupted } from '../resources/integrations/triggers/runs.js';
import { runLogExports } from '../resources/system/logger/export-runs.js';
import { cleanLoginCounters, cleanRetention } from './cleanup.js';

/** Scheduled clean-ups: pg-boss queue name and cron (UTC). Each slot runs once across API nodes. */
export const SCHEDULES = {
  loginCounters: { queue: 'cleanup-login-counters', cron: '7 * * * *' },
  retention: { queue: 'cleanup-retention', cron: '17 3 * * *' },
  /** Imports whose run died (its node was killed) are queued again. */
  importsSweep: { queue: 'imports-sweep', cron: '* * * * *' },
  /** Closed change-log periods go to their configs' storage profiles; expired exports are removed. */
  logExports: { queue: 'logger-exports', cron: '23 * * * *' },
  /** Trigger runs a dead node left open get their error (the slots themselves: jobs/triggers.ts). */
  triggersSweep: { queue: 'triggers-sweep', cron: '* * * * *' },
} as const;

/**
 * Email polling needs seconds, finer than pg-boss's minute-grained cron: every node sends a poll
 * job each EMAIL_POLL_SECONDS as a singleton of that slot (so the nodes send about one between
 * them), and whichever node takes it fetches the profiles that are due. Each profile is claimed by
 * one node at a time (resources/integrations/email/poll.ts), so a duplicate poll does no harm. Answers the stop.
 */
async function startEmailPolling(ctx: AppContext, log: FastifyBaseLogger): Promise<() => void> {
  await ctx.jobs.work(EMAIL_POLL_QUEUE, async () => {
    for (const outcome of await pollEmailProfiles(ctx)) {
      if (outcome.error) log.warn({ job: EMAIL_POLL_QUEUE, ...outcome }, 'an email profile fetch failed');
    }
  });
  const seconds = ctx.config.emailPollSeconds;
  const tick = () =>
    ctx.jobs
      .send(EMAIL_POLL_QUEUE, {}, { singletonKey: 'tick', singletonSeconds: seconds, expireInSeconds: 15 * 60 })
      .catch((error) => log.warn({ err: error, job: EMAIL_POLL_QUEUE }, 'the email poll could not be queued'));
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}

/**
 * Registers this node's workers for the scheduled clean-ups and (re)declares their schedules,
 * starts the trigger ticker and the email poll's ticker. Answers what stops the ticker (before the engine stops).
 */
export async function startScheduledJobs(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { triggerTickMs?: number } = {},
): Promise<() => void> {
  await ctx.jobs.work(SCHEDULES.loginCounters.queue, async () => {
    log.info({ job: SCHEDULES.loginCounters.queue, deleted: await cleanLoginCounters(ctx) }, 'clean-up done');
  });
  await ctx.jobs.work(SCHEDULES.retention.queue, async () => {
    log.info({ job: SCHEDULES.retention.queue, deleted: await cleanRetention(ctx) }, 'clean-up done');
  });
  await ctx.jobs.work(SCHEDULES.logExports.queue, async () => {
    const counts = await runLogExports(ctx, (error, configId) =>
      log.warn({ err: error, job: SCHEDULES.logExports.queue, configId }, 'a change-log export failed'),
    );
    log.info({ job: SCHEDULES.logExports.queue, ...counts }, 'change-log exports done');
  });
  await ctx.jobs.work<{ importId: number }>(IMPORT_QUEUE, (data) => runImport(ctx, data.importId, log));
  await ctx.jobs.work(SCHEDULES.importsSweep.queue, async () => {
    await resumeImports(ctx, false);
  });
  await ctx.jobs.work(SCHEDULES.triggersSweep.queue, async () => {
    const closed = await sweepInterrupted(ctx.db, new Date());
    if (closed) log.warn({ job: SCHEDULES.triggersSweep.queue, closed }, 'trigger runs interrupted');
  });
  for (const { queue, cron } of Object.values(SCHEDULES)) await ctx.jobs.schedule(queue, cron);
  // This node starts: on the embedded database no other process can be running an import.
  await resumeImports(ctx, ctx.raw?.driver === 'pglite');
  // Nor a trigger run: those left open were interrupted.
  if (ctx.raw?.driver === 'pglite') await closeOpenRuns(ctx.db);
  startTriggerTicker(ctx, log, { tickMs: options.triggerTickMs });
  return startEmailPolling(ctx, log);
}
