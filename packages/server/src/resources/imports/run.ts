import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { type ErrorKey, type ErrorParams, errorDetail, IMPORTS_TOPIC } from '@switchboard/model';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { type RawTx, rawQuery, rawTransaction } from '../../db/raw.js';
import { publish } from '../../events/hub.js';
import { check } from './check.js';
import { type ImportScope, importerOf } from './importer.js';
import { load } from './load.js';
import { logImport } from './log.js';
import { Ended, type ImportRecord, LostClaim, type PhaseRun, Stopping, scratchTables, stagingTable } from './phase.js';

/** The pg-boss queue of import runs; a job's data is `{importId}`. */
export const IMPORT_QUEUE = 'imports';

/** A run writes its heartbeat this often; one silent for IMPORT_STALE_SECONDS is taken for dead. */
const HEARTBEAT_MS = 2_000;
/** Progress events at most this often (and at every change of state). */
const PROGRESS_MS = 300;

/** Runs in flight per server, and whether that server is shutting down. */
type Runs = { stopping: boolean; running: Set<Promise<void>> };
const runsOf = new WeakMap<AppContext, Runs>();
const runs = (ctx: AppContext): Runs => {
  let r = runsOf.get(ctx);
  if (!r) {
    r = { stopping: false, running: new Set() };
    runsOf.set(ctx, r);
  }
  return r;
};

/**
 * Shutdown: the runs in flight stop at the end of their current chunk (committed with its
 * watermark) and give their imports back for the next start, or another node, to resume; no new
 * run starts. Resolves once they have stopped.
 */
export async function stopImports(ctx: AppContext): Promise<void> {
  const r = runs(ctx);
  r.stopping = true;
  await Promise.allSettled([...r.running]);
}

/**
 * Runs (or resumes) one import: checks every row of the file into a staging table and the
 * report, then loads the good rows. Each chunk commits with its watermark, so a run that dies
 * (kill -9) is resumed by the next from where it stopped, never half done and never twice.
 */
export async function runImport(ctx: AppContext, importId: number, log: FastifyBaseLogger): Promise<void> {
  const r = runs(ctx);
  if (r.stopping) return;
  const run = runOnce(ctx, importId, log, () => r.stopping);
  r.running.add(run);
  try {
    await run;
  } finally {
    r.running.delete(run);
  }
}

async function runOnce(
  ctx: AppContext,
  importId: number,
  log: FastifyBaseLogger,
  stopping: () => boolean,
): Promise<void> {
  const raw = ctx.raw;
  if (!raw) throw new Error('Imports need the database driver');
  const runner = randomUUID();
  const [row] = await rawQuery<ImportRecord>(
    raw,
    `update imports set state = 'running', phase = coalesce(phase, 'checking'), runner = $2, heartbeat_at = now(),
       started_at = coalesce(started_at, now())
     where id = $1 and state in ('queued', 'running')
       and (runner is null or heartbeat_at is null or heartbeat_at < now() - make_interval(secs => $3::int))
     returning *`,
    [importId, runner, ctx.config.importStaleSeconds],
  );
  if (!row) return;
  const staging = stagingTable(row.id);
  const scope: ImportScope = {
    importId: row.id,
    domainId: row.domain_id,
    parentId: row.parent_id,
    userId: row.user_id,
    userIp: row.user_ip,
  };
  let lastSent = 0;
  const progress = async (force = false) => {
    const now = Date.now();
    if (!force && now - lastSent < PROGRESS_MS) return;
    lastSent = now;
    const [p] = await rawQuery<Record<string, unknown>>(
      raw,
      `select id, user_id as "userId", state, phase, bytes_read::float8 as "bytesRead", rows_read as "rowsRead",
         rows_to_load as "rowsToLoad", rows_loaded as "rowsLoaded", rows_failed as "rowsFailed",
         rows_skipped as "rowsSkipped"
       from imports where id = $1`,
      [row.id],
    );
    if (p) await publish(ctx, { domainId: row.domain_id, topic: IMPORTS_TOPIC, data: p }).catch(() => {});
  };
  /** The watermark update of a chunk; answers whether a cancel was asked for. */
  const mark = async (tx: RawTx, set: string, params: unknown[]) => {
    const rows = await tx.query<{ cancel_requested: boolean }>(
      `update imports set ${set}, heartbeat_at = now() where id = $1 and runner = $2 returning cancel_requested`,
      [row.id, runner, ...params],
    );
    if (!rows.length) throw new LostClaim();
    return rows[0].cancel_requested;
  };
  /** Between chunks: a shutdown stops the run here. */
  const goOn = () => {
    if (stopping()) throw new Stopping();
  };
  const end = async (state: 'done' | 'failed' | 'cancelled', key?: ErrorKey, params: ErrorParams = {}) => {
    await rawTransaction(raw, async (tx) => {
      await mark(
        tx,
        `state = $3, phase = null, finished_at = now(), error = $4, error_key = $5, error_params = $6::jsonb`,
        [
          state,
          key ? errorDetail(key, params) : null,
          key ? `errors.${key}` : null,
          key ? JSON.stringify(params) : null,
        ],
      );
      await tx.query(`drop table if exists ${[staging, ...scratchTables(staging)].join(', ')}`);
      const importer = importerOf(row.resource);
      if (importer) await logImport(tx, importer, row);
    });
    await fs.promises.rm(row.file_path, { force: true });
    await progress(true);
  };

  const heartbeat = setInterval(() => {
    rawQuery(raw, 'update imports set heartbeat_at = now() where id = $1 and runner = $2', [row.id, runner]).catch(
      () => {},
    );
  }, HEARTBEAT_MS);
  try {
    const importer = importerOf(row.resource);
    if (!importer) throw new Error(`No importer for ${row.resource}`);
    await progress(true);
    const phase: PhaseRun = { ctx, importer, scope, staging, mark, progress, goOn };
    if (row.phase === 'checking') {
      const next = await check(phase, row);
      if (next.end) return await end(next.end.state, next.end.key, next.end.params);
    }
    await load(phase);
    await end('done');
    // The planner's statistics of the table: a list that grew by a million rows is read by
    // index from now on, not by a sort of the whole list (PGlite runs no autovacuum at all).
    await rawQuery(raw, `analyze ${importer.table}`).catch(() => {});
    if (importer.topic) {
      await publish(ctx, { domainId: row.domain_id, topic: importer.topic, data: { imported: row.id } }).catch(
        () => {},
      );
    }
  } catch (error) {
    if (error instanceof LostClaim) return;
    if (error instanceof Stopping) {
      // Given back at once: the next start (or another node's sweep) resumes it from its watermarks.
      await rawQuery(raw, 'update imports set runner = null, heartbeat_at = null where id = $1 and runner = $2', [
        row.id,
        runner,
      ]).catch(() => {});
      return;
    }
    if (error instanceof Ended) return await end(error.state, error.key, error.params).catch(() => {});
    log.error({ err: error, importId: row.id }, 'import failed');
    await end('failed', 'importStopped', { reason: (error as Error).message }).catch(() => {});
  } finally {
    clearInterval(heartbeat);
  }
}
