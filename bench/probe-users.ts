import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../packages/server/src/config.js';
import { startServer as startInProcess } from '../packages/server/src/server.js';
import { ensureBuilt, serverArgs, withBenchDatabase } from './server-process.js';
import { ADMIN_PASSWORD, LIST_QUERY, seedUsers } from './users-sql.js';

/**
 * Probe of the users list against the bare route (not part of `npm run bench`):
 * `count`: statements per request, in process (driver calls wrapped), over MODE_N requests;
 * `cpu`: the built server and the bare route as children, CPU µs per request from /proc.
 * argv: count|cpu; DATABASE_URL for PostgreSQL.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const USERS = Number(process.env.PROBE_USERS ?? 200);
const DURATION = Number(process.env.PROBE_SECONDS ?? 6);
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 3);

const seed = (base: string) => seedUsers(base, USERS);

function withDb<T>(fn: (url: string | null) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  return url ? withBenchDatabase(url, fn) : fn(null);
}

/** The server in this process, on a fresh data folder (and `databaseUrl` when given). */
async function inProcess(databaseUrl: string | null, config: Partial<ReturnType<typeof loadConfig>>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-probe-'));
  const server = await startInProcess(
    { ...loadConfig({}), port: 0, host: '127.0.0.1', dataDir, databaseUrl, adminPassword: ADMIN_PASSWORD, ...config },
    { logger: false },
  );
  return { dataDir, server };
}

const qs = new URLSearchParams(LIST_QUERY).toString();

async function count(databaseUrl: string | null) {
  const { dataDir, server } = await inProcess(databaseUrl, { logLevel: 'silent' });
  const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  try {
    const { token } = await seed(base);
    const seen = new Map<string, number>();
    let on = false;
    const note = (text: unknown) => {
      if (!on) return;
      const t = String(typeof text === 'object' && text ? (text as { text?: string }).text : text)
        .replace(/\s+/g, ' ')
        .slice(0, 110);
      seen.set(t, (seen.get(t) ?? 0) + 1);
    };
    for (const proto of [PGlite.prototype, pg.Client.prototype] as unknown as Record<string, unknown>[]) {
      for (const m of ['query', 'exec']) {
        const f = proto[m] as ((...a: unknown[]) => unknown) | undefined;
        if (typeof f !== 'function') continue;
        proto[m] = function (this: unknown, ...a: unknown[]) {
          note(a[0]);
          return f.apply(this, a);
        };
      }
    }
    const n = Number(process.env.PROBE_N ?? 400);
    for (let i = 0; i < 50; i++)
      await fetch(`${base}/api/users?${qs}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.text());
    on = true;
    const t0 = Date.now();
    for (let i = 0; i < n; i++) {
      const r = await fetch(`${base}/api/users?${qs}`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw new Error(`status ${r.status}`);
      await r.text();
    }
    on = false;
    let total = 0;
    for (const v of seen.values()) total += v;
    process.stdout.write(
      `${databaseUrl ? 'postgres' : 'pglite'}: ${n} requests in ${Date.now() - t0} ms, ${total} driver calls (${(total / n).toFixed(3)} per request)\n`,
    );
    for (const [t, v] of [...seen].sort((a, b) => b[1] - a[1]))
      process.stdout.write(`  ${String(v).padStart(6)}  ${t}\n`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const cpuOf = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10_000; // µs (CLK_TCK 100)
};

function spawnChild(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.resume();
  return child;
}

async function waitFor(url: string) {
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} never answered`);
}

async function cpu(databaseUrl: string | null) {
  await ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-probe-'));
  const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-probe-bare-'));
  const port = 18_481 + (databaseUrl ? 1 : 0);
  const env = {
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ADMIN_PASSWORD,
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  };
  const prof = process.env.PROBE_PROF;
  const argv0 = await serverArgs();
  const argv = prof ? [`--cpu-prof`, `--cpu-prof-dir=${prof}`, ...argv0] : argv0;
  const base = `http://127.0.0.1:${port}`;
  let server = spawnChild(argv0, env);
  await waitFor(`${base}/api/health`);
  const { token, bound } = await seed(base);
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
  if (!databaseUrl) fs.cpSync(dataDir, bareDir, { recursive: true });
  server = spawnChild(argv, env);
  await waitFor(`${base}/api/health`);
  const barePort = port + 10;
  const bare = spawnChild(
    [
      '--import',
      'tsx',
      path.join(here, 'bare-server.ts'),
      JSON.stringify({ port: barePort, dataDir: bareDir, databaseUrl, ...bound }),
    ],
    {},
  );
  await waitFor(`http://127.0.0.1:${barePort}/`);
  const targets = [
    {
      label: 'users',
      pid: server.pid as number,
      url: `${base}/api/users?${qs}`,
      headers: { authorization: `Bearer ${token}` },
    },
    { label: 'bare', pid: bare.pid as number, url: `http://127.0.0.1:${barePort}/`, headers: {} },
  ];
  const sums = targets.map(() => ({ req: 0, cpu: 0, rps: [] as number[] }));
  try {
    for (const t of targets) await autocannon({ url: t.url, connections: 50, duration: 2, headers: t.headers });
    for (let r = 0; r < ROUNDS; r++) {
      for (const [k, t] of targets.entries()) {
        const c0 = cpuOf(t.pid);
        const res = await autocannon({ url: t.url, connections: 50, duration: DURATION, headers: t.headers });
        const c1 = cpuOf(t.pid);
        if (res.non2xx || res.errors) process.stdout.write(`${t.label}: ${res.non2xx} non-2xx, ${res.errors} errors\n`);
        sums[k].req += res.requests.total;
        sums[k].cpu += c1 - c0;
        sums[k].rps.push(res.requests.average);
      }
    }
    const load = os.loadavg()[0].toFixed(1);
    const line = targets.map(
      (t, k) =>
        `${t.label} ${(sums[k].cpu / sums[k].req).toFixed(0)} µs/req, ${Math.round(sums[k].rps.reduce((a, b) => a + b) / ROUNDS)} req/s`,
    );
    const ratio = sums[0].rps.reduce((a, b) => a + b) / sums[1].rps.reduce((a, b) => a + b);
    const cpuRatio = sums[1].cpu / sums[1].req / (sums[0].cpu / sums[0].req);
    process.stdout.write(
      `${databaseUrl ? 'postgres' : 'pglite'} (load ${load}): ${line.join('; ')}; rps ratio ${ratio.toFixed(2)}, bare/users cpu ${cpuRatio.toFixed(2)}\n`,
    );
  } finally {
    for (const child of [server, bare]) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(bareDir, { recursive: true, force: true });
  }
}

/** In process: CPU per users-list request through app.inject against the bare statement alone. */
async function inject(databaseUrl: string | null) {
  const { dataDir, server } = await inProcess(databaseUrl, {
    logLevel: 'warn',
    admission: { concurrency: 0, queue: 256, waitMs: 1000 },
  });
  const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  try {
    const { token, bound } = await seed(base);
    const client = (
      server.ctx.db as unknown as { $client: { query: (t: string, p: unknown[]) => Promise<{ rows: unknown[] }> } }
    ).$client;
    const N = Number(process.env.PROBE_N ?? 3000);
    const C = Number(process.env.PROBE_C ?? 4);
    const viaApp = async () => {
      const r = await server.app.inject({
        method: 'GET',
        url: `/api/users?${qs}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
      return r.body.length;
    };
    const bare = async () => {
      const rows = (await client.query(bound.text, bound.params)).rows;
      const next = rows.length > 10;
      if (next) rows.length = 10;
      return JSON.stringify({ items: rows, next }).length;
    };
    const run = async (f: () => Promise<number>) => {
      let i = 0;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: C }, async () => {
          while (i++ < N) await f();
        }),
      );
      const c = process.cpuUsage(c0);
      return { cpu: (c.user + c.system) / N, wall: ((performance.now() - t0) * 1000) / N };
    };
    // PROBE_ONLY=app|bare runs one side alone (for a CPU profile of that side).
    const only = process.env.PROBE_ONLY;
    if (only) {
      const side = only === 'bare' ? bare : viaApp;
      for (let r = 0; r < 3; r++) await run(side);
      const m = await run(side);
      process.stdout.write(`${only} only: ${m.cpu.toFixed(0)}/${m.wall.toFixed(0)} µs per request\n`);
      return;
    }
    for (let r = 0; r < 2; r++) {
      await run(viaApp);
      await run(bare);
    }
    const out: string[] = [];
    for (let r = 0; r < Number(process.env.PROBE_ROUNDS ?? 3); r++) {
      const a = await run(viaApp);
      const b = await run(bare);
      out.push(`app ${a.cpu.toFixed(0)}/${a.wall.toFixed(0)} bare ${b.cpu.toFixed(0)}/${b.wall.toFixed(0)}`);
    }
    process.stdout.write(
      `${databaseUrl ? 'postgres' : 'pglite'} inject (cpu/wall µs per request, load ${os.loadavg()[0].toFixed(1)}): ${out.join('; ')}\n`,
    );
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const mode = process.argv[2] ?? 'cpu';
await withDb((url) => (mode === 'count' ? count(url) : mode === 'inject' ? inject(url) : cpu(url)));
process.exit(0);
