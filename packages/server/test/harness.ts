import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDomainWithAdmin } from '../src/auth/bootstrap.js';
import { invalidateAuth } from '../src/auth/cache.js';
import { type Config, loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import type { Driver } from '../src/db/client.js';
import { type RunningServer, type StartOptions, startServer } from '../src/server.js';
import './global-setup.js';
import { sharedNames, withDatabase } from './shared.js';
import { pgliteSnapshotFile, TEST_ADMIN_PASSWORD } from './snapshot.js';

/** The argon2id cost of the passwords API tests set: the smallest the algorithm takes, one pass. */
export const TEST_PASSWORD_HASH = { memoryKiB: 8, passes: 1 } as const;

export { TEST_ADMIN_PASSWORD };

/** The drivers API suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function drivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestResponse<T = unknown> = { status: number; body: T; headers: Headers };
export type RequestOptions = {
  token?: string | null;
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
};

export type TestServer = {
  url: string;
  app: RunningServer['app'];
  ctx: AppContext;
  /** The open database (its close is idempotent). */
  database: RunningServer['database'];
  /** The SIP server beside it (config.sip set), else null. */
  sip: RunningServer['sip'];
  driver: Driver;
  /** PGlite data folder or PostgreSQL URL of this server's database. */
  dataDir: string;
  databaseUrl: string | null;
  /** A session token of `admin` in the first domain. */
  adminToken: string;
  /** Name and id of the first domain (the one `adminToken` belongs to): `config.defaultDomain`. */
  domain: string;
  domainId: number;
  /** The user id of that `admin` (not 1 on a shared server: see useTestServer). */
  adminId: number;
  adminPassword: string;
  login(username: string, password: string, domain?: string): Promise<string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  createDomain(name: string): Promise<{ domainId: number; adminToken: string }>;
  close(): Promise<void>;
};

export type TestServerOptions = {
  driver?: Driver;
  /** Reuse this PGlite data folder (kept on close), e.g. to test a restart. */
  dataDir?: string;
  /** Reuse this PostgreSQL database (not dropped on close), e.g. for a second API node. */
  databaseUrl?: string;
  config?: Partial<Config>;
  onRoute?: StartOptions['onRoute'];
  /** The job engine; off unless asked (its start-up costs time). */
  jobs?: StartOptions['jobs'];
  /** Template settings of the SIP server (with config.sip). */
  kamailio?: StartOptions['kamailio'];
};

export type UseTestServerOptions = Omit<TestServerOptions, 'driver'> & {
  /**
   * useTestServer only. true (default): the block may run on a server other files of this run use
   * too (same driver and options), on a fresh first domain of its own; false: a server of its own
   * on a fresh database, closed after the block (for tests of server-wide state).
   */
  shared?: boolean;
};

async function snapshot(): Promise<Blob> {
  let file: string;
  try {
    file = inject('pgliteSnapshot');
  } catch {
    file = await pgliteSnapshotFile();
  }
  return new Blob([fs.readFileSync(file ?? (await pgliteSnapshotFile()))]);
}

/** The run's migrated PostgreSQL database to copy (global-setup.ts), or null: each database migrates. */
function postgresTemplate(): string | null {
  try {
    return inject('postgresTemplate') ?? null;
  } catch {
    return null;
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let counter = 0;

/** A real HTTP server on port 0 over a fresh database, with helpers to call it. */
export async function startTestServer(
  options: TestServerOptions & { shareAs?: { database: string; dir: string } } = {},
): Promise<TestServer> {
  const driver = options.driver ?? (options.databaseUrl ? 'postgres' : 'pglite');
  let cleanup = async () => {};
  let dataDir = options.dataDir ?? '';
  let databaseUrl: string | null = options.databaseUrl ?? null;
  if (driver === 'postgres' && !databaseUrl) {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    const name = `${options.shareAs ? options.shareAs.database : 'sb_test_'}${process.pid}_${++counter}_${Date.now().toString(36)}`;
    const template = postgresTemplate();
    await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
    databaseUrl = withDatabase(base, name);
    cleanup = () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  if (driver === 'pglite' && !dataDir) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.shareAs ? options.shareAs.dir : 'switchboard-test-'));
    const dir = dataDir;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  // Media files of each test server go to a folder of their own, removed on close.
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), options.shareAs ? options.shareAs.dir : 'switchboard-media-'));
  const dropDatabase = cleanup;
  cleanup = async () => {
    fs.rmSync(mediaDir, { recursive: true, force: true });
    await dropDatabase();
  };
  const config: Config = {
    ...loadConfig({}),
    mediaDir,
    importDir: path.join(mediaDir, 'imports'),
    storageLocalRoot: path.join(mediaDir, 'storage'),
    port: 0,
    host: '127.0.0.1',
    dataDir: dataDir || path.join(os.tmpdir(), 'switchboard-unused'),
    databaseUrl,
    adminPassword: TEST_ADMIN_PASSWORD,
    // Passwords the tests set are hashed at a low cost: a suite makes thousands of users.
    passwordHash: TEST_PASSWORD_HASH,
    logLevel: 'silent',
    // A test's close does not wait on a client that keeps a socket open (a refused upload, say).
    shutdownGraceMs: 1000,
    ...options.config,
  };
  let server: RunningServer;
  try {
    server = await startServer(config, {
      logger: false,
      onRoute: options.onRoute,
      jobs: options.jobs ?? false,
      kamailio: options.kamailio,
      pgliteSnapshot: driver === 'pglite' ? await snapshot() : undefined,
      // A server whose data folder nobody opens again keeps its database in memory.
      pgliteInMemory: driver === 'pglite' && !options.dataDir,
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
  const url = server.url;

  const request: TestServer['request'] = async (method, p, opts = {}) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) for (const item of v) qs.append(k, String(item));
      else qs.append(k, String(v));
    }
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(`${url}${p}${qs.size ? `?${qs}` : ''}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (HTML of the console, say): keep the text.
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };

  const login = async (username: string, password: string, domain?: string) => {
    const res = await request('POST', '/api/login', { body: { username, password, domain } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.accessToken as string;
  };

  let adminToken: string;
  let domainId: number;
  let adminId: number;
  try {
    adminToken = await login('admin', config.adminPassword ?? TEST_ADMIN_PASSWORD, config.defaultDomain);
    ({ domainId, userId: adminId } = (await request('GET', '/api/userinfo', { token: adminToken })).body);
  } catch (error) {
    await server.close();
    await cleanup();
    throw error;
  }

  return {
    url,
    app: server.app,
    ctx: server.ctx,
    database: server.database,
    sip: server.sip,
    driver,
    dataDir,
    databaseUrl,
    adminToken,
    domain: config.defaultDomain,
    domainId,
    adminId,
    adminPassword: config.adminPassword ?? TEST_ADMIN_PASSWORD,
    login,
    request,
    createDomain: async (name) => {
      const { domainId } = await createDomainWithAdmin(server.ctx.db, { name, adminPassword: TEST_ADMIN_PASSWORD });
      return { domainId, adminToken: await login('admin', TEST_ADMIN_PASSWORD, name) };
    },
    close: async () => {
      await server.close();
      if (!options.dataDir && !options.databaseUrl) await cleanup();
    },
  };
}

/** Servers shared by the blocks of this worker (every file of the run when the project does not isolate files). */
type Shared = { server: Promise<TestServer>; blocks: number };
const SHARED_KEY = Symbol.for('switchboard.test.sharedServers');
const globals = globalThis as Record<symbol, Map<string, Shared> | undefined>;
globals[SHARED_KEY] ??= new Map();
const sharedServers = globals[SHARED_KEY];

/** The run's id when it keeps servers for the whole run (global-setup.ts: the project runs its files in one worker). */
function sharingRun(): string | null {
  try {
    return inject('shareTestServers') ?? null;
  } catch {
    return null;
  }
}

/**
 * Hands a shared server over to the next block as if it were fresh: the first domain it used so far
 * is renamed out of the way (its records stay, in a domain nobody signs in to), a new first domain
 * with its `admin` takes the name, and the sign-in counters start from zero. `login` without a domain
 * signs in to that domain.
 */
async function freshFirstDomain(server: TestServer, block: number): Promise<TestServer> {
  const { db, config } = server.ctx;
  const name = config.defaultDomain;
  await db.execute(sql`update domains set name = ${`${name}-before-${block}`} where name = ${name}`);
  await db.execute(sql`delete from login_counters`);
  await createDomainWithAdmin(db, { name, adminPassword: server.adminPassword });
  await invalidateAuth(server.ctx);
  const adminToken = await server.login('admin', server.adminPassword, name);
  const { domainId, userId: adminId } = (await server.request('GET', '/api/userinfo', { token: adminToken })).body;
  // On a fresh server the one domain there is needs no name; here there are several, so a sign-in
  // without a domain goes to this block's.
  const login: TestServer['login'] = (username, password, domain) => server.login(username, password, domain ?? name);
  return { ...server, adminToken, domainId, adminId, login };
}

/**
 * The set-up block every API suite shares: a server of `driver`, started before the enclosing
 * block's tests. Answers a stand-in that reaches the running server: use it in hooks and tests,
 * not while the block is being collected.
 *
 * When the project runs its files in one worker (packages/server/vitest.config.ts: isolate false),
 * blocks with the same driver and options share one server for the whole run (starting one costs
 * seconds: the PGlite snapshot, or a PostgreSQL database and its migrations). Each block still
 * starts from a fresh first domain (`config.defaultDomain`, `main`): its own `admin`, its own
 * `adminToken`, no records (ids do not restart: the admin is `s.adminId`, not 1), sign-in counters at zero; records of earlier blocks stay in their
 * (renamed) domains. A block that tests server-wide state (settings of the whole server, counts over
 * every domain, the process) passes `shared: false`, or calls startTestServer itself. Without that
 * project setting every block gets a server of its own, closed after it, as before.
 */
export function useTestServer(driver: Driver, options: UseTestServerOptions = {}): TestServer {
  const { shared = true, ...serverOptions } = options;
  const runId = sharingRun();
  const shareable = shared && !serverOptions.onRoute && !serverOptions.dataDir && !serverOptions.databaseUrl && runId;
  let server: TestServer | null = null;
  let own = false;
  beforeAll(async () => {
    if (!shareable) {
      own = true;
      server = await startTestServer({ ...serverOptions, driver });
      return;
    }
    const key = JSON.stringify([driver, serverOptions.config ?? {}, serverOptions.jobs ?? false]);
    let entry = sharedServers.get(key);
    if (!entry) {
      const started = startTestServer({
        ...serverOptions,
        driver,
        shareAs: sharedNames(runId),
      });
      entry = { server: started, blocks: 0 };
      sharedServers.set(key, entry);
      // A failed start is not kept: the next block tries again.
      started.catch(() => sharedServers.delete(key));
    }
    const block = entry.blocks++;
    const base = await entry.server;
    server = block === 0 ? base : await freshFirstDomain(base, block);
  });
  afterAll(async () => {
    // Shared servers live to the end of the run (global-setup.ts removes their databases).
    if (own) await server?.close();
    server = null;
  });
  return new Proxy({} as TestServer, {
    get(_target, key) {
      if (!server) throw new Error('The test server runs only inside the hooks and tests of its block');
      return Reflect.get(server, key);
    },
  });
}
