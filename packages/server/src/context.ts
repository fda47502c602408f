import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

/** Cross-node messages: PostgreSQL LISTEN/NOTIFY (PGlite has them too). */
export type Bus = Pick<Database, 'listen' | 'notify'>;

/** What every part of the server is handed: the database, the configuration and the bus. */
export type AppContext = { db: Db; config: Config; bus: Bus };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
