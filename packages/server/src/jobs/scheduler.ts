import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { claimRun } from './claim.js';
import { runCleanup } from './cleanup.js';

const CLEANUP_EVERY_SECONDS = 24 * 3600;
/** How often each node asks whether a run is due; the claim makes it run once across nodes. */
const POLL_MS = 10 * 60 * 1000;

/** Starts the periodic jobs of this node; answers the stop function. */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        if (await claimRun(ctx.db, 'cleanup', CLEANUP_EVERY_SECONDS)) {
          log.info({ job: 'cleanup', deleted: await runCleanup(ctx) }, 'retention clean-up done');
        }
      } catch (error) {
        log.error({ err: error, job: 'cleanup' }, 'scheduled job failed');
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, POLL_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
