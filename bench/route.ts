import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../packages/server/src/config.js';
import { matchStrict } from '../packages/server/src/resources/routing/dialplan/pattern-tester.js';
import { type RunningServer, startServer } from '../packages/server/src/server.js';
import { decideRoute, type RouteDecision, type RouteInput } from '../packages/server/src/telephony/route.js';
import { seedRouting } from './route-seed.js';
import { api } from './server-process.js';

/**
 * The call-routing decision (`decideRoute`, issue 23) measured in-process on a running server's
 * context, on PGlite and (with DATABASE_URL) PostgreSQL: p50 and p99 of a call to a device's account,
 * to a user's extension, and of a dialplan call matching the last of 50 rules whose flow bridges to
 * a gateway. Decisions are asked one after another, then CONCURRENCY at a time; first the guarded
 * pattern matching of the 50 rules alone. Targets (issue 23):
 * p99 at most 10 ms on PostgreSQL and 25 ms on PGlite.
 */
const CALLS = Number(process.env.BENCH_ROUTE_CALLS ?? 500);
const CONCURRENCY = 4;
const RULES = 50;
const ADMIN_PASSWORD = 'Bench-admin-password-1';
const TARGET_MS = { pglite: 25, postgres: 10 } as const;
type Driver = keyof typeof TARGET_MS;

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

type Case = { label: string; input: RouteInput; expect: (d: RouteDecision) => boolean };

/** Devices, a user with an extension, a gateway and 50 dialplan rules, through the API. */
async function seed(server: RunningServer): Promise<Case[]> {
  const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  const login = await api<{ accessToken: string }>(base, 'POST', '/api/login', null, {
    username: 'admin',
    password: ADMIN_PASSWORD,
  });
  const token = login.accessToken;
  const { domainId } = await api<{ domainId: number }>(base, 'GET', '/api/userinfo', token);
  const device = (account: string) =>
    api<{ id: number; account: string }>(base, 'POST', '/api/devices', token, {
      name: account,
      account,
      password: 'secret-123',
    });
  const caller = await device('bench-caller');
  const callee = await device('bench-callee');
  const seeded = await seedRouting(base, token, RULES);
  const from = { kind: 'device' as const, deviceId: caller.id };
  const input = (destination: string): RouteInput => ({
    domainId,
    from,
    callerNumber: caller.account,
    destination,
    callId: 'bench',
  });
  const routed = (d: RouteDecision) => d.action === 'route';
  return [
    { label: 'device', input: input(callee.account), expect: routed },
    { label: 'extension', input: input(seeded.extension), expect: routed },
    {
      label: `dialplan (${RULES} rules, bridge)`,
      input: input(seeded.lastRuleNumber),
      expect: (d) =>
        d.action === 'route' && d.targets[0]?.type === 'gateway' && d.targets[0].uri === 'sip:0012025550100@127.0.0.1',
    },
  ];
}

/** The guarded pattern matching alone: 50 patterns, the last one matching. */
async function patternsOnly() {
  const patterns = Array.from({ length: RULES }, (_, i) => `^${9000 + i}(\\d{4,12})$`);
  const number = `${9000 + RULES - 1}12025550100`;
  for (let i = 0; i < 50; i++) await matchStrict(patterns, number);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await matchStrict(patterns, number);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  print(
    `${'-'.padEnd(9)}${'patterns only (matchStrict)'.padEnd(28)}${'1'.padStart(4)}${pct(times, 0.5).toFixed(2).padStart(9)}${pct(times, 0.99).toFixed(2).padStart(9)}`,
  );
}

async function measure(server: RunningServer, c: Case, concurrency: number) {
  const times: number[] = [];
  let wrong = 0;
  let firstWrong: RouteDecision | null = null;
  let next = 0;
  const one = async () => {
    while (next < CALLS) {
      next++;
      const start = performance.now();
      const d = await decideRoute(server.ctx, c.input, { log });
      times.push(performance.now() - start);
      if (!c.expect(d)) {
        wrong++;
        firstWrong ??= d;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, one));
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p99: pct(times, 0.99), wrong, firstWrong };
}

/**
 * One decision of the case with each database query it asks timed (BENCH_ROUTE_PROFILE=1): which
 * queries the common path costs, and how long each takes, after the warm-up.
 */
async function profile(server: RunningServer, c: Case) {
  const db = server.ctx.db as unknown as { execute: (q: unknown) => Promise<unknown> };
  const execute = db.execute;
  const queries: string[] = [];
  db.execute = async (q: unknown) => {
    const start = performance.now();
    try {
      return await execute.call(db, q);
    } finally {
      const text = (q as { queryChunks?: unknown[] }).queryChunks
        ?.map((p) => (p && typeof p === 'object' && 'value' in p ? String((p as { value: unknown }).value) : '?'))
        .join('')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 70);
      queries.push(`${(performance.now() - start).toFixed(2).padStart(7)} ms  ${text}`);
    }
  };
  const start = performance.now();
  try {
    await decideRoute(server.ctx, c.input, { log });
  } finally {
    db.execute = execute;
  }
  print(`  ${c.label}: ${(performance.now() - start).toFixed(2)} ms, ${queries.length} queries`);
  for (const q of queries) print(`    ${q}`);
}

async function bench(driver: Driver, databaseUrl: string | null, dataDir: string): Promise<void> {
  const server = await startServer(
    {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl,
      mediaDir: path.join(dataDir, 'media'),
      importDir: path.join(dataDir, 'media', 'imports'),
      adminPassword: ADMIN_PASSWORD,
      logLevel: 'silent',
    },
    { logger: false, jobs: false },
  );
  try {
    const cases = await seed(server);
    for (const c of cases) {
      for (let i = 0; i < 50; i++) await decideRoute(server.ctx, c.input); // warm-up
      if (process.env.BENCH_ROUTE_PROFILE) await profile(server, c);
      for (const concurrency of [1, CONCURRENCY]) {
        const r = await measure(server, c, concurrency);
        const target = TARGET_MS[driver];
        print(
          `${driver.padEnd(9)}${c.label.padEnd(28)}${String(concurrency).padStart(4)}` +
            `${r.p50.toFixed(2).padStart(9)}${r.p99.toFixed(2).padStart(9)}` +
            `${(r.p99 / target).toFixed(2).padStart(12)}  ${r.p99 <= target ? 'met' : 'NOT met'}` +
            `${r.wrong ? `  ${r.wrong} WRONG answers, first: ${JSON.stringify(r.firstWrong)}` : ''}`,
        );
      }
    }
  } finally {
    await server.close();
  }
}

/** Refusals of 5xx are logged with their cause (a wrong answer is shown with it). */
const log = {
  warn: (details: Record<string, unknown>, message: string) =>
    process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
};
const print = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  process.stdout.write(`decideRoute, ${CALLS} calls per row (p99 targets: PostgreSQL 10 ms, PGlite 25 ms)\n`);
  process.stdout.write(
    `${'database'.padEnd(9)}${'call'.padEnd(28)}${'conc'.padStart(4)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'p99/target'.padStart(12)}\n`,
  );
  await patternsOnly();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-route-'));
  try {
    await bench('pglite', null, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const pgUrl = process.env.DATABASE_URL;
  if (!pgUrl) {
    process.stdout.write('DATABASE_URL is not set: PostgreSQL skipped\n');
    return;
  }
  const name = `sb_bench_route_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-route-'));
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await bench('postgres', url.toString(), pgDir);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
