import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './lock.js';
import * as schema from './schema.js';

/** The Drizzle database, the same type on both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Driver = 'pglite' | 'postgres';
export type ListenerState = 'up' | 'reconnecting' | 'embedded';

export type Database = {
  db: Db;
  driver: Driver;
  /** Subscribes to a NOTIFY channel (across every API node on PostgreSQL); returns the unsubscribe. */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** The LISTEN connection: 'up', 'reconnecting' after it dropped, or 'embedded' (PGlite, in process). */
  listenerState(): ListenerState;
  /** Called once the LISTEN connection is back: notifications sent meanwhile were lost. */
  onListenerRestored(fn: () => void): () => void;
  /** How the job engine (pg-boss) reaches this database: its own pool, or the PGlite instance. */
  jobsConnection: { connectionString: string } | { pglite: PGlite };
  /** The driver's own client, for work Drizzle does not do (COPY, long multi-statement jobs). */
  raw: { driver: 'postgres'; pool: pg.Pool } | { driver: 'pglite'; pglite: PGlite };
  close(): Promise<void>;
};

export type DatabaseOptions = {
  dataDir: string;
  databaseUrl: string | null;
  /** A `dumpDataDir()` tarball to start an empty embedded data folder from (tests). */
  pgliteSnapshot?: Blob;
  /**
   * Keep the embedded database in memory, started from `pgliteSnapshot` (a throwaway test server):
   * nothing is written under `dataDir`, which still holds the lock. Unpacking the snapshot into
   * memory takes about half the CPU of writing its files.
   */
  pgliteInMemory?: boolean;
  /** Pool size on PostgreSQL. */
  poolSize?: number;
};

/** Migrations live in packages/server/drizzle, next to src/ and dist/ alike. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(import.meta.dirname, '../drizzle'),
    path.resolve(import.meta.dirname, '../../drizzle'),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Opens the database named by the configuration and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const release = await acquireDataDirLock(options.dataDir);
  let client: PGlite | undefined;
  try {
    const pgdata = options.pgliteInMemory ? 'memory://' : path.join(options.dataDir, 'pgdata');
    const fresh = options.pgliteInMemory || !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
    client = await PGlite.create({
      dataDir: pgdata,
      loadDataDir: fresh ? options.pgliteSnapshot : undefined,
    });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
    const pglite = client;
    let closed = false;
    return {
      db,
      driver: 'pglite',
      jobsConnection: { pglite },
      raw: { driver: 'pglite', pglite },
      listen: async (channel, fn) => {
        const stop = await pglite.listen(channel, fn);
        return async () => {
          if (!closed) await stop();
        };
      },
      listenerState: () => 'embedded',
      onListenerRestored: () => () => {},
      notify: async (channel, payload) => {
        await pglite.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}

/** Serialises migrations of nodes starting together on one PostgreSQL. */
const MIGRATION_LOCK = 7_264_001;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection dropped by the server (restart, terminated backend) must not crash the process:
  // the pool replaces it, and the query that used it fails on its own.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg({ client: lockClient }), { migrationsFolder: migrationsFolder() });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  // One dedicated connection carries every LISTEN of this node. When it drops (a restart, a
  // terminated backend) it is opened again with backoff and listens to every channel again; what
  // was sent meanwhile is lost, so `onListenerRestored` tells the node to re-read.
  let listener: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let state: ListenerState = 'up';
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const restored = new Set<() => void>();
  const quote = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
  const open = async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'switchboard-listener' });
    client.on('error', () => {});
    await client.connect();
    client.on('notification', (msg) => {
      for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? '');
    });
    for (const channel of handlers.keys()) await client.query(`listen ${quote(channel)}`);
    client.once('end', () => {
      if (listener !== client || closed) return;
      listener = null;
      state = 'reconnecting';
      void reconnect();
    });
    listener = client;
    return client;
  };
  const reconnect = async () => {
    for (let delay = 250; !closed; delay = Math.min(delay * 2, 10_000)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (closed) return;
      try {
        await open();
        state = 'up';
        for (const fn of restored) fn();
        return;
      } catch {
        // Still down: wait longer.
      }
    }
  };
  const listenerClient = async () => {
    if (listener) return listener;
    connecting ??= open().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  return {
    db,
    driver: 'postgres',
    jobsConnection: { connectionString: url },
    raw: { driver: 'postgres', pool },
    listen: async (channel, fn) => {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`listen ${quote(channel)}`);
      }
      set.add(fn);
      return async () => {
        set.delete(fn);
      };
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listenerState: () => state,
    onListenerRestored: (fn) => {
      restored.add(fn);
      return () => restored.delete(fn);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** `select 1`: is the database answering? */
export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
