import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

/** The built server as a child process, for the export and fairness benches. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_ADMIN_PASSWORD = 'Bench-admin-password-1';

const live = new Set<ChildProcess>();
// Whatever happens to the bench, no server it started outlives it.
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Build = { ensureServerBuilt: () => Promise<void>; SERVER_NODE_FLAGS: string[] };
const build = () => import(pathToFileURL(path.join(root, 'packages/server/build.mjs')).href) as Promise<Build>;

export async function ensureBuilt() {
  await (await build()).ensureServerBuilt();
}

/** The arguments that start the built server as `npm start` does. */
export async function serverArgs(): Promise<string[]> {
  return [...(await build()).SERVER_NODE_FLAGS, path.join(root, 'packages/server/dist/main.js')];
}

export type Server = { child: ChildProcess; base: string; output: () => string };

export async function startServer(port: number, env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, await serverArgs(), {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let tail = '';
  // BENCH_SERVER_LOG=<file>: the server's whole output copied there (with SWITCHBOARD_SIP_ECHO=1,
  // Kamailio's log too), for what the last 4000 characters do not show.
  const copy = process.env.BENCH_SERVER_LOG;
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
    if (copy) fs.appendFileSync(copy, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => live.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const start = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited ${child.exitCode}:\n${tail}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - start > 180_000) throw new Error(`the server did not start:\n${tail}`);
    await sleep(50);
  }
  return { child, base, output: () => tail };
}

export async function stopServer(server: Server) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The server of one bench run, on one set of data (`env`), stopped and started again as the bench
 * needs: `server` is the one running.
 */
export class BenchServer {
  current: Server | null = null;
  constructor(
    private readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get server(): Server {
    if (!this.current) throw new Error('no bench server is running');
    return this.current;
  }

  async start(): Promise<Server> {
    this.current = await startServer(this.port, this.env);
    return this.current;
  }

  async stop() {
    const server = this.current;
    this.current = null;
    if (server) await stopServer(server);
  }
}

/**
 * Runs `body` with a bench server started on `env`; whatever happens, stops the server left
 * running and then calls `cleanup`. On a failure the server's last output goes to stderr first.
 */
export async function withServer<T>(
  port: number,
  env: NodeJS.ProcessEnv,
  cleanup: () => unknown,
  body: (bench: BenchServer) => Promise<T>,
): Promise<T> {
  const bench = new BenchServer(port, env);
  try {
    await bench.start();
    return await body(bench);
  } catch (error) {
    if (bench.current) process.stderr.write(`--- server output:\n${bench.current.output()}\n`);
    throw error;
  } finally {
    await bench.stop();
    await cleanup();
  }
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export async function api<T>(
  base: string,
  method: string,
  p: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signIn(base: string): Promise<string> {
  const login = await api<{ accessToken: string }>(base, 'POST', '/api/login', null, {
    username: 'admin',
    password: BENCH_ADMIN_PASSWORD,
  });
  return login.accessToken;
}

/**
 * Where one bench server keeps its data: a new folder and, on PostgreSQL (DATABASE_URL), a new
 * database of its own. `env` is the server's environment for it; `drop` removes both.
 */
export async function benchPlace(
  driver: 'pglite' | 'postgres',
  name: string,
): Promise<{ dataDir: string; env: NodeJS.ProcessEnv; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `switchboard-bench-${name}-`));
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, IMPORT_DIR: path.join(dataDir, 'imports'), DATABASE_URL: '' };
  let admin: pg.Client | null = null;
  const dbName = `sb_bench_${name.replaceAll('-', '_')}_${Date.now().toString(36)}`;
  if (driver === 'postgres') {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const u = new URL(process.env.DATABASE_URL as string);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
  const drop = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  };
  return { dataDir, env, drop };
}

/** Runs `fn` on a fresh PostgreSQL database made from `url`, dropped afterwards. */
export async function withBenchDatabase<T>(url: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `sb_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
