import type { Config } from './config.js';
import type { Jobs } from './core/jobs.js';
import type { Database, Db } from './db/client.js';

/** Cross-node messages: PostgreSQL LISTEN/NOTIFY (PGlite has them too). */
export type Bus = Pick<Database, 'listen' | 'notify' | 'listenerState' | 'onListenerRestored'>;

/** What every part of the server is handed: the database, the configuration, the bus, the jobs. */
export type AppContext = {
  db: Db;
  config: Config;
  bus: Bus;
  jobs: Jobs;
  /** The driver's own client (COPY and other work Drizzle does not do); absent in command-line tools. */
  raw?: Database['raw'];
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
