import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { bootstrap } from './auth/bootstrap.js';
import { setPasswordHashCost } from './auth/passwords.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, openDatabase } from './db/client.js';
import { type BuildOptions, buildApp } from './http/app.js';
import { closeWithin } from './http/close.js';
import { jobsOff, startJobEngine } from './jobs/engine.js';
import { startScheduledJobs } from './jobs/scheduler.js';
import { stopImports } from './resources/imports/run.js';
import { stopTriggers } from './resources/integrations/triggers/runs.js';
import { type KamailioOptions, kamailioInstalled, type SipServer, startKamailio } from './telephony/kamailio.js';

export type RunningServer = {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  url: string;
  /** The SIP server run beside the API (SIP_PORT set and Kamailio installed), else null. */
  sip: SipServer | null;
  /** Set on the first start of an empty database. */
  firstStart: { domain: string; password: string; generated: boolean } | null;
  /**
   * Stops accepting, lets requests in flight finish for up to `config.shutdownGraceMs` (then cuts
   * the connections left), closes the database (and its lock).
   */
  close(): Promise<void>;
};

export type StartOptions = {
  logger?: FastifyServerOptions['logger'];
  pgliteSnapshot?: Blob;
  /** The embedded database in memory (see DatabaseOptions): throwaway test servers. */
  pgliteInMemory?: boolean;
  listen?: boolean;
  /**
   * The job engine and its schedules; on by default, off in most tests (pg-boss's start-up costs
   * time). Off, `ctx.jobs` refuses every call.
   */
  jobs?: boolean | { pollingIntervalSeconds?: number; cronMonitorIntervalSeconds?: number; triggerTickMs?: number };
  onRoute?: BuildOptions['onRoute'];
  /** Template settings of the SIP server (tests and the bench). */
  kamailio?: KamailioOptions;
};

/** Waits for `work`, but no longer than `ms`. */
async function withinMs(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

/** Opens the database (migrating it), creates the first domain if empty, and serves the API. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  setPasswordHashCost(config.passwordHash);
  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    pgliteSnapshot: options.pgliteSnapshot,
    pgliteInMemory: options.pgliteInMemory,
  });
  try {
    const boot = await bootstrap(database.db, config);
    const jobs =
      options.jobs === false
        ? jobsOff
        : await startJobEngine(database, {
            ...(typeof options.jobs === 'object' ? options.jobs : {}),
            onError: (error) => app.log.error({ err: error }, 'job engine error'),
          });
    const ctx: AppContext = { db: database.db, config, bus: database, jobs, raw: database.raw };
    const app = await buildApp(ctx, { logger: options.logger, onRoute: options.onRoute });
    let stopTickers = () => {};
    try {
      if (options.jobs !== false) {
        stopTickers = await startScheduledJobs(ctx, app.log, typeof options.jobs === 'object' ? options.jobs : {});
      }
    } catch (error) {
      await stopTriggers(ctx);
      await jobs.stop();
      throw error;
    }
    let url = '';
    if (options.listen !== false) url = await app.listen({ port: config.port, host: config.host });
    let sip: SipServer | null = null;
    if (config.sip && url) {
      if (kamailioInstalled(config.sip.bin)) {
        const port = new URL(url).port;
        sip = await startKamailio(ctx, config.sip, `http://127.0.0.1:${port}`, app.log, options.kamailio);
      } else {
        app.log.error(
          { bin: config.sip.bin },
          'SIP_PORT is set but Kamailio is not installed (apt-get install kamailio kamailio-extra-modules kamailio-utils-modules): no SIP server',
        );
      }
    }
    let closing: Promise<void> | null = null;
    return {
      app,
      ctx,
      database,
      url,
      sip,
      firstStart:
        boot.created && boot.password
          ? { domain: boot.domain, password: boot.password, generated: boot.generated }
          : null,
      close: () => {
        closing ??= (async () => {
          // Everything below shares the one grace.
          const deadline = Date.now() + config.shutdownGraceMs;
          try {
            stopTickers();
            await sip?.stop();
            // Runs in flight end (in error) before the database goes.
            await stopTriggers(ctx);
            // Imports stop at a chunk's end and are resumed later, rather than holding the close.
            await withinMs(stopImports(ctx), deadline - Date.now());
            await jobs.stop();
            await closeWithin(app, Math.max(0, deadline - Date.now()));
          } finally {
            await database.close();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
