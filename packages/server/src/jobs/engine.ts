import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Jobs } from '../core/jobs.js';
import type { Database } from '../db/client.js';

/**
 * pg-boss on PGlite. PGlite has one session: each call runs inside PGlite's own transaction lock,
 * so it serialises with the app's queries, and a failed statement is rolled back before the lock is
 * released — the session is never left in an aborted transaction for the next query. pg-boss's own
 * BEGIN/COMMIT inside the text only raise notices there.
 */
export function pgliteAdapter(pglite: PGlite): PgBoss.Db {
  return {
    executeSql: (text, values) =>
      pglite.transaction(async (tx) => {
        if (values && values.length > 0) return tx.query(text, values);
        const results = await tx.exec(text);
        return [...results].reverse().find((r) => r.fields.length > 0) ?? results[results.length - 1] ?? { rows: [] };
      }),
  };
}

export type JobsOptions = {
  onError?: (error: Error) => void;
  /** How often workers look for jobs and nodes look for due cron slots (tests shorten it). */
  pollingIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
};

/** pg-boss's deadlock code: nodes starting at once can deadlock its queue and schema creation. */
const DEADLOCK = '40P01';

/** Starts pg-boss on the database; answers the engine once it is ready to take jobs. */
export async function startJobEngine(database: Database, options: JobsOptions = {}): Promise<Jobs> {
  const connection = database.jobsConnection;
  const polling = options.pollingIntervalSeconds ?? 2;
  const boss = new PgBoss({
    ...('pglite' in connection
      ? { db: pgliteAdapter(connection.pglite) }
      : { connectionString: connection.connectionString, max: 4 }),
    // pg-boss takes 1 to 45 seconds here: how late a due cron slot may be noticed.
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: Math.min(5, options.cronMonitorIntervalSeconds ?? 5),
  });
  boss.on('error', (error) => options.onError?.(error));
  await retryOnDeadlock(() => boss.start());

  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = retryOnDeadlock(async () => {
        if (!(await boss.getQueue(name))) await boss.createQueue(name);
      });
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };

  // This node's worker of each queue: a job sent here wakes it at once instead of at its next poll.
  const workers = new Map<string, string>();
  return {
    send: async (queue, data, sendOptions) => {
      await ensureQueue(queue);
      const id = await boss.send(queue, data ?? {}, sendOptions ?? {});
      const worker = workers.get(queue);
      if (id && worker && !sendOptions?.startAfter) boss.notifyWorker(worker);
      return id;
    },
    work: async (queue, handler) => {
      await ensureQueue(queue);
      const worker = await boss.work(queue, { batchSize: 1, pollingIntervalSeconds: polling }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never, job as never);
      });
      workers.set(queue, worker);
    },
    schedule: async (name, cron, data, scheduleOptions) => {
      await ensureQueue(name);
      await boss.schedule(name, cron, data ?? {}, { tz: scheduleOptions?.tz ?? 'UTC' });
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

async function retryOnDeadlock<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== DEADLOCK && !/deadlock detected|duplicate key/.test(String(error))) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

const refuse = async (): Promise<never> => {
  throw new Error('The job engine is not started here (a command-line run, or a server with jobs: false)');
};
/** The engine where none runs (command-line tools, most tests): every call but stop refuses. */
export const jobsOff: Jobs = { send: refuse, work: refuse, schedule: refuse, stop: async () => {} };
