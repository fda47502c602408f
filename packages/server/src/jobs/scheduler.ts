import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { cleanLoginCounters, cleanRetention } from './cleanup.js';

/** Scheduled clean-ups: pg-boss queue name and cron (UTC). Each slot runs once across API nodes. */
export const SCHEDULES = {
  loginCounters: { queue: 'cleanup-login-counters', cron: '7 * * * *' },
  retention: { queue: 'cleanup-retention', cron: '17 3 * * *' },
} as const;

/** Registers this node's workers for the scheduled clean-ups and (re)declares their schedules. */
export async function startScheduledJobs(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await ctx.jobs.work(SCHEDULES.loginCounters.queue, async () => {
    log.info({ job: SCHEDULES.loginCounters.queue, deleted: await cleanLoginCounters(ctx) }, 'clean-up done');
  });
  await ctx.jobs.work(SCHEDULES.retention.queue, async () => {
    log.info({ job: SCHEDULES.retention.queue, deleted: await cleanRetention(ctx) }, 'clean-up done');
  });
  for (const { queue, cron } of Object.values(SCHEDULES)) await ctx.jobs.schedule(queue, cron);
}
