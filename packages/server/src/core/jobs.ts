import type PgBoss from 'pg-boss';

/**
 * The job engine other code uses (pg-boss on the app's own database, PGlite or PostgreSQL).
 *
 * - `send(queue, data, options)` queues a job and answers its id (null when pg-boss deduplicated
 *   it, e.g. a `singletonKey` + `singletonSeconds` already queued). Jobs are kept in the database,
 *   so a job queued before a restart runs after it.
 * - `work(queue, handler)` runs `handler(data, job)` for each job of the queue on this node, one at
 *   a time; a throw fails the job and pg-boss retries it per the send options (`retryLimit`, ...).
 *   Jobs run at least once: handlers must be idempotent.
 * - `schedule(name, cron, data, {tz})` sends a job to queue `name` on every cron slot; with several
 *   API nodes each slot is sent once. Call `work(name, ...)` for it too.
 * - `stop()` (server close) stops polling, waits for handlers in flight, and releases the database.
 *
 * Queues are created on first use.
 */
export type Jobs = {
  send(queue: string, data?: object, options?: PgBoss.SendOptions): Promise<string | null>;
  work<T extends object>(queue: string, handler: (data: T, job: PgBoss.Job<T>) => Promise<void>): Promise<void>;
  schedule(name: string, cron: string, data?: object, options?: { tz?: string }): Promise<void>;
  stop(): Promise<void>;
};
