import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { api, ensureBuilt, serverArgs, withBenchDatabase } from './server-process.js';
import { ADMIN_PASSWORD, LIST_QUERY, seedUsers } from './users-sql.js';

/**
 * `npm run bench`: the users list (10 rows, prefix search) under 50 connections beside a bare
 * route running the same SQL, on PGlite and (with DATABASE_URL) PostgreSQL; then the cold start.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const USERS = 200;
/** The users list against the bare route, in one run (issue 24: serialization from schemas). */
const RATIO_TARGET = 0.95;

type Figures = { label: string; rps: number; p50: number; p99: number; errors: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const live = new Set<ChildProcess>();
const tails = new Map<ChildProcess, string>();
// Whatever happens to the bench, no server it started outlives it.
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function spawnLogged(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.on('exit', () => live.delete(child));
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
    tails.set(child, tail);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    if (code && code !== 0) process.stderr.write(`${cmd} ${args[0]} exited ${code}:\n${tail}\n`);
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - start;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** How the built server is started: as `npm start` does (set once built). */
let serverArgv: string[] = [];

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawnLogged(process.execPath, serverArgv, {
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ADMIN_PASSWORD,
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    ...env,
  });
}

type Load = { rps: number; p50: number; p99: number; errors: number };

async function once(url: string, headers: Record<string, string>, duration: number): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Measures two targets in alternating slices, so that whatever else runs on the machine weighs on
 * both alike; each figure is the mean over the slices.
 */
async function alternate(
  targets: { label: string; url: string; headers?: Record<string, string> }[],
): Promise<Figures[]> {
  for (const t of targets) await once(t.url, t.headers ?? {}, 2);
  const slices = Math.max(1, Math.round(DURATION / 3));
  const runs = targets.map(() => [] as Load[]);
  for (let i = 0; i < slices; i++) {
    for (const [k, t] of targets.entries()) runs[k].push(await once(t.url, t.headers ?? {}, DURATION / slices));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return targets.map((t, k) => ({
    label: t.label,
    rps: Math.round(mean(runs[k].map((r) => r.rps))),
    p50: Math.round(mean(runs[k].map((r) => r.p50)) * 10) / 10,
    p99: Math.round(mean(runs[k].map((r) => r.p99)) * 10) / 10,
    errors: runs[k].reduce((a, r) => a + r.errors, 0),
  }));
}

type Run = { driver: string; users: Figures; bare: Figures; coldStartMs: number | null };

async function benchDriver(driver: 'pglite' | 'postgres', databaseUrl: string | null): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-'));
  const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-bare-'));
  const port = driver === 'pglite' ? 18_181 : 18_182;
  const barePort = port + 10;
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  const children: ChildProcess[] = [];
  try {
    const first = startServer(env);
    children.push(first);
    await waitFor(`${base}/api/health`, 120_000);
    const { token, bound } = await seedUsers(base, USERS);
    const qs = new URLSearchParams(LIST_QUERY).toString();
    const check = await api<{ items: unknown[]; next: boolean }>(base, 'GET', `/api/users?${qs}`, token);
    if (check.items.length !== 10 || !check.next)
      throw new Error('the users list did not answer 10 rows and a next page');
    await stop(first);
    // The embedded database opens in one process only: the bare route gets a copy of the folder.
    if (driver === 'pglite') fs.cpSync(dataDir, bareDir, { recursive: true });

    // Cold start with the existing data: process start to the first 200 of /api/health.
    const t0 = performance.now();
    const server = startServer(env);
    children.push(server);
    await waitFor(`${base}/api/health`, 30_000);
    const coldStartMs = Math.round(performance.now() - t0);

    const bareServer = spawnLogged(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, 'bare-server.ts'),
        JSON.stringify({ port: barePort, dataDir: bareDir, databaseUrl, ...bound }),
      ],
      {},
    );
    children.push(bareServer);
    await waitFor(`http://127.0.0.1:${barePort}/`, 60_000);
    const [users, bare] = await alternate([
      { label: 'users list', url: `${base}/api/users?${qs}`, headers: { authorization: `Bearer ${token}` } },
      { label: 'bare route', url: `http://127.0.0.1:${barePort}/` },
    ]);
    return { driver, users, bare, coldStartMs };
  } catch (error) {
    for (const child of children)
      process.stderr.write(`--- output of ${child.spawnargs.slice(-1)[0].slice(0, 60)}:\n${tails.get(child) ?? ''}\n`);
    throw error;
  } finally {
    for (const child of children) await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bareDir, { recursive: true, force: true });
  }
}

function print(runs: Run[]) {
  const rows: string[] = [];
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  rows.push(
    `${'driver'.padEnd(9)}${'route'.padEnd(12)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}`,
  );
  for (const run of runs) {
    for (const f of [run.users, run.bare]) {
      rows.push(
        `${run.driver.padEnd(9)}${f.label.padEnd(12)}${pad(f.rps, 8)}${pad(f.p50, 8)}${pad(f.p99, 8)}${pad(f.errors, 8)}`,
      );
    }
  }
  rows.push('');
  for (const run of runs) {
    const ratio = run.users.rps / run.bare.rps;
    const floor = run.driver === 'postgres' ? 3000 : 1000;
    rows.push(
      `${run.driver}: users/bare ratio ${ratio.toFixed(2)} (target >= ${RATIO_TARGET}: ${ratio >= RATIO_TARGET ? 'met' : 'NOT met'}); ` +
        `users list ${run.users.rps} req/s (target >= ${floor}: ${run.users.rps >= floor ? 'met' : 'NOT met'}); ` +
        `cold start ${run.coldStartMs} ms (target <= 3000: ${(run.coldStartMs ?? Infinity) <= 3000 ? 'met' : 'NOT met'})`,
    );
  }
  process.stdout.write(`\n${rows.join('\n')}\n`);
}

async function main() {
  await ensureBuilt();
  serverArgv = await serverArgs();
  process.stdout.write(`Switchboard bench: ${CONNECTIONS} connections, ${DURATION} s per route, ${USERS} users\n`);
  const runs: Run[] = [];
  runs.push(await benchDriver('pglite', null));
  const pgUrl = process.env.DATABASE_URL;
  if (pgUrl) runs.push(await withBenchDatabase(pgUrl, (url) => benchDriver('postgres', url)));
  else process.stdout.write('DATABASE_URL is not set: PostgreSQL skipped\n');
  print(runs);
}

await main();
