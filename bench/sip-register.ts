import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type SipConfig } from '../packages/server/src/config.js';
import { kamailioArgs, renderKamailioConfig } from '../packages/server/src/telephony/kamailio.js';
import { seedRouting } from './route-seed.js';
import {
  api,
  benchPlace,
  ensureBuilt,
  rssMb,
  type Server,
  signIn,
  sleep,
  startServer,
  stopServer,
} from './server-process.js';

/**
 * REGISTERs with digest authentication at a fixed rate (issue 23, item 6): DEVICES devices of one
 * domain registered by SIPp at RATE a second for SECONDS, through
 *  (b) the same Kamailio configuration with every HA1 in its own in-memory table (the renderer's
 *      `localCredentials`: an htable loaded at start from a db_text file; the baseline), then
 *  (a) the Kamailio the API runs (SIP_PORT), which asks the API for each HA1 it does not hold
 *      (kept SIP_CACHE_SECONDS).
 * Both post registration events to the API alike; only where the HA1 comes from differs. SIPp runs
 * as SOURCES processes from addresses of their own (each well below the flood limit per address).
 * During (a) the API is also asked for call routes (POST /api/telephony/sip/route, as Kamailio asks
 * for an INVITE) at ROUTE_RATE a second: to a device, a user's extension, a dialplan rule's gateway.
 *
 * The credential and route answer times are the server's own (GET /api/telephony/sip/stats: a
 * histogram per kind from a request's arrival to its last byte, read before and after (a); a
 * percentile is the bound of its bucket, 10% wide). The API's RSS is read from /proc at the start of
 * (a), in its middle and at its end.
 *
 * Targets: rate (a)/(b) >= 0.7 with 0 failures; credential and route answers p99 <= 10 ms on
 * PostgreSQL and <= 25 ms on PGlite; RSS flat (end/middle near 1).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const DEVICES = Number(process.env.BENCH_SIP_DEVICES ?? 500);
const RATE = Number(process.env.BENCH_SIP_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SIP_SECONDS ?? 25);
const SOURCES = 4;
const ROUTE_RATE = 20;
const SECRET = 'bench-sip-register-secret';
const REALM = 'main';
const TARGET_MS = { pglite: 25, postgres: 10 } as const;
type Driver = keyof typeof TARGET_MS;
const PORTS = { pglite: 18_401, postgres: 18_402 } as const;
const SIP_PORTS = { pglite: { a: 18_410, b: 18_420 }, postgres: { a: 18_430, b: 18_440 } } as const;

const account = (i: number) => `bench${String(i).padStart(4, '0')}`;
const password = (i: number) => `Bench-sip-${i}`;

const started = new Set<ChildProcess>();
// No Kamailio or SIPp this bench started outlives it.
process.on('exit', () => {
  for (const child of started) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
});

function spawnGroup(cmd: string, args: string[], cwd: string): { child: ChildProcess; output: () => string } {
  const child = spawn(cmd, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  child.on('exit', () => started.delete(child));
  let tail = '';
  const keep = (c: Buffer) => {
    tail = (tail + c.toString()).slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => tail };
}

async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, 'SIGKILL');
}

// --- Answer times from the server's histograms --------------------------------------------------

type Times = { count: number; totalMs: number; buckets: number[] };
type Stats = { boundsMs: number[]; credentials: Times; route: Times; events: Times };

async function sipStats(base: string): Promise<Stats> {
  const res = await fetch(`${base}/api/telephony/sip/stats`, { headers: { 'x-telephony-secret': SECRET } });
  if (res.status !== 200) throw new Error(`sip stats: ${res.status} ${await res.text()}`);
  return (await res.json()) as Stats;
}

type Percentiles = { count: number; mean: number; p50: number; p99: number };

/** Answers between two snapshots: their count, mean and p50/p99 (a bucket's upper bound, ms). */
function between(before: Times, after: Times, bounds: number[]): Percentiles {
  const counts = after.buckets.map((n, i) => n - before.buckets[i]);
  const count = after.count - before.count;
  const at = (q: number) => {
    let seen = 0;
    for (let i = 0; i < counts.length; i++) {
      seen += counts[i];
      if (seen >= Math.ceil(q * count)) return bounds[i] ?? Number.POSITIVE_INFINITY;
    }
    return Number.NaN;
  };
  return { count, mean: count ? (after.totalMs - before.totalMs) / count : Number.NaN, p50: at(0.5), p99: at(0.99) };
}

// --- SIPp at a fixed rate -----------------------------------------------------------------------

/** A UDP port free on `ip` now (bound and released). */
async function freeUdpPort(ip: string): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, ip, resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

type Load = {
  label: string;
  sent: number;
  ok: number;
  failed: number;
  /** Failed calls by SIPp's cause (an unexpected answer such as a 503, no answer in time). */
  causes: Record<string, number>;
  retrans: number;
  seconds: number;
  rate: number;
};
const CAUSES = ['UnexpectedMessage', 'MaxUDPRetrans', 'TimeoutOnRecv', 'CallRejected'];

function statColumns(file: string): Record<string, number> {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
  if (lines.length < 2) return {};
  const names = lines[0].split(';');
  const values = lines[lines.length - 1].split(';');
  return Object.fromEntries(names.map((n, i) => [n, Number(values[i])]));
}

/** SOURCES SIPp processes registering their share of the devices, RATE a second in all. */
async function registerLoad(label: string, target: string, work: string): Promise<Load> {
  const perSource = RATE / SOURCES;
  const calls = Math.round(perSource * SECONDS);
  const sources = Array.from({ length: SOURCES }, (_, s) => `127.0.0.${30 + s}`);
  const localPorts = await Promise.all(sources.map((ip) => freeUdpPort(ip)));
  const runs = sources.map((ip, s) => {
    const dir = fs.mkdtempSync(path.join(work, `sipp-${label}-${s}-`));
    const rows: string[] = [];
    for (let i = s; i < DEVICES; i += SOURCES) {
      rows.push(`${account(i)};${REALM};[authentication username=${account(i)} password=${password(i)}];3600`);
    }
    fs.writeFileSync(path.join(dir, 'devices.csv'), `SEQUENTIAL\n${rows.join('\n')}\n`);
    const args = [target, '-sf', path.join(here, 'sip/register.xml'), '-inf', 'devices.csv'];
    args.push('-i', ip, '-p', String(localPorts[s]), '-m', String(calls), '-r', String(perSource), '-rp', '1000');
    args.push('-recv_timeout', '5000', '-timeout', `${SECONDS * 4}s`, '-nostdin');
    args.push('-trace_stat', '-stf', 'stat.csv', '-fd', '1');
    // BENCH_SIP_TRACE_ERR=1: SIPp logs the messages it did not expect; their status lines are tallied.
    if (process.env.BENCH_SIP_TRACE_ERR) args.push('-trace_err');
    const { child, output } = spawnGroup('sipp', args, dir);
    const exited = new Promise<number>((r) => child.once('exit', (code) => r(code ?? -1)));
    return { dir, exited, output };
  });
  const start = performance.now();
  const codes = await Promise.all(runs.map((r) => r.exited));
  const seconds = (performance.now() - start) / 1000;
  let ok = 0;
  let failed = 0;
  let retrans = 0;
  const causes: Record<string, number> = {};
  for (const [i, run] of runs.entries()) {
    const c = statColumns(path.join(run.dir, 'stat.csv'));
    for (const cause of CAUSES) causes[cause] = (causes[cause] ?? 0) + (c[`Failed${cause}(C)`] ?? 0);
    ok += c['SuccessfulCall(C)'] ?? 0;
    failed += c['FailedCall(C)'] ?? 0;
    retrans += c['Retransmissions(C)'] ?? 0;
    if (codes[i] !== 0 && !c['FailedCall(C)']) {
      process.stderr.write(`sipp ${label}/${i} exited ${codes[i]}:\n${run.output().slice(-1500)}\n`);
    }
  }
  if (process.env.BENCH_SIP_TRACE_ERR) {
    const unexpected = new Map<string, number>();
    for (const run of runs)
      for (const file of fs.readdirSync(run.dir).filter((f) => f.endsWith('_errors.log')))
        for (const m of fs.readFileSync(path.join(run.dir, file), 'utf8').matchAll(/^SIP\/2\.0 (\d{3}[^\r\n]*)/gm))
          unexpected.set(m[1], (unexpected.get(m[1]) ?? 0) + 1);
    if (unexpected.size)
      process.stdout.write(
        `  (${label}) answers SIPp did not expect: ${[...unexpected].map(([k, n]) => `${k}: ${n}`).join(', ')}\n`,
      );
  }
  const sent = calls * SOURCES;
  // Calls that never ended (SIPp stopped by its global timeout) count as failed too.
  failed = Math.max(failed, sent - ok);
  return { label, sent, ok, failed, causes, retrans, seconds, rate: ok / seconds };
}

// --- The baseline: the same configuration, credentials in Kamailio's memory --------------------

async function startBaseline(server: Server, sip: SipConfig, work: string) {
  const dir = fs.mkdtempSync(path.join(work, 'kamailio-b-'));
  const runDir = path.join(dir, 'run');
  const dbDir = path.join(dir, 'tables');
  fs.mkdirSync(runDir);
  // The tables the API wrote for its own Kamailio (gateways, trunks, peers), and the credentials.
  fs.cpSync(path.join(sip.dir, 'tables'), dbDir, { recursive: true });
  fs.appendFileSync(path.join(dbDir, 'version'), '0:credentials:2\n');
  const rows = ['id(int,auto) key_name(string) key_type(int) value_type(int) key_value(string) expires(int) '];
  for (let i = 0; i < DEVICES; i++) {
    const ha1 = createHash('md5')
      .update(`${account(i)}:${REALM}:${password(i)}`)
      .digest('hex');
    rows.push(`${i + 1}:${REALM}/${account(i)}:0:0:${ha1}:0`);
  }
  fs.writeFileSync(path.join(dbDir, 'credentials'), `${rows.join('\n')}\n`);
  const files = renderKamailioConfig(
    sip,
    { apiUrl: server.base, secret: SECRET, runDir, dbDir, cfgDir: dir },
    { localCredentials: true },
  );
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const { child, output } = spawnGroup(sip.bin, kamailioArgs(path.join(dir, 'kamailio.cfg')), dir);
  try {
    const tables = (await rpcWhenUp(sip.rpcPort, 'htable.stats', () => child.exitCode !== null)) as {
      name: string;
      all: number;
    }[];
    const local = tables.find((t) => t.name === 'local');
    if (local?.all !== DEVICES) throw new Error(`the baseline holds ${local?.all} credentials, not ${DEVICES}`);
  } catch (error) {
    await stopGroup(child);
    throw new Error(`the baseline Kamailio: ${(error as Error).message}\n${output()}`);
  }
  return { stop: () => stopGroup(child) };
}

/** Kamailio's JSON-RPC answer to `method` once it answers (within 15 s). */
async function rpcWhenUp(rpcPort: number, method: string, gone: () => boolean = () => false): Promise<unknown> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (gone()) throw new Error('it exited');
    try {
      const res = await fetch(`http://127.0.0.1:${rpcPort}/RPC`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telephony-secret': SECRET },
        body: JSON.stringify({ jsonrpc: '2.0', method, id: 1 }),
      });
      const body = (await res.json()) as { result?: unknown; error?: { message: string } };
      if (body.error) throw new Error(body.error.message);
      return body.result;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

// --- Seeding ------------------------------------------------------------------------------------

type RouteCase = { destination: string; expect: (answer: { action: string; targets?: { kind: string }[] }) => boolean };

async function seed(base: string, token: string): Promise<RouteCase[]> {
  let next = 0;
  const worker = async () => {
    while (next < DEVICES) {
      const i = next++;
      await api(base, 'POST', '/api/devices', token, { name: account(i), account: account(i), password: password(i) });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  const seeded = await seedRouting(base, token, 10);
  const kind = (k: string) => (a: { action: string; targets?: { kind: string }[] }) =>
    a.action === 'route' && a.targets?.[0]?.kind === k;
  return [
    { destination: account(1), expect: kind('device') },
    { destination: seeded.extension, expect: kind('device') },
    { destination: seeded.lastRuleNumber, expect: kind('gateway') },
  ];
}

/** Asks the API for call routes at ROUTE_RATE a second until stopped; answers the wrong ones. */
function routeCalls(base: string, cases: RouteCase[]) {
  let stopped = false;
  let sent = 0;
  let wrong = 0;
  let firstWrong = '';
  const pending = new Set<Promise<void>>();
  const done = (async () => {
    const start = performance.now();
    while (!stopped) {
      const c = cases[sent % cases.length];
      const body = { realm: REALM, caller: account(0), destination: c.destination, callId: `bench-${sent}` };
      sent++;
      const p = (async () => {
        try {
          const res = await fetch(`${base}/api/telephony/sip/route`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-telephony-secret': SECRET },
            body: JSON.stringify(body),
          });
          const answer = (await res.json()) as { action: string; targets?: { kind: string }[] };
          if (res.status !== 200 || !c.expect(answer)) {
            wrong++;
            firstWrong ||= `${c.destination}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`;
          }
        } catch (error) {
          wrong++;
          firstWrong ||= `${c.destination}: ${error}`;
        }
      })();
      pending.add(p);
      p.finally(() => pending.delete(p));
      const due = start + (sent * 1000) / ROUTE_RATE;
      await sleep(Math.max(0, due - performance.now()));
    }
    await Promise.all(pending);
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return { sent, wrong, firstWrong };
    },
  };
}

// --- One driver ---------------------------------------------------------------------------------

const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(ms < 10 ? 2 : 1) : String(ms));
const print = (line: string) => process.stdout.write(`${line}\n`);

async function bench(driver: Driver) {
  const place = await benchPlace(driver, `sip-register-${driver}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-sip-'));
  const ports = SIP_PORTS[driver];
  const env: NodeJS.ProcessEnv = {
    ...place.env,
    PORT: String(PORTS[driver]),
    SIP_PORT: String(ports.a),
    SIP_HOST: '127.0.0.1',
    SIP_DIR: path.join(place.dataDir, 'sip'),
    TELEPHONY_SECRET: SECRET,
  };
  const sip = loadConfig(env).sip as SipConfig;
  let server: Server | null = null;
  let baseline: { stop: () => Promise<void> } | null = null;
  try {
    server = await startServer(PORTS[driver], env);
    const token = await signIn(server.base);
    const cases = await seed(server.base, token);
    await rpcWhenUp(ports.a + 1, 'core.version');
    baseline = await startBaseline(server, { ...sip, port: ports.b, rpcPort: ports.b + 1 }, work);

    const b = await registerLoad('b', `127.0.0.1:${ports.b}`, work);
    await baseline.stop();
    baseline = null;

    const pid = server.child.pid as number;
    const before = await sipStats(server.base);
    const rss = { start: rssMb(pid), middle: 0, end: 0 };
    const middle = setTimeout(
      () => {
        rss.middle = rssMb(pid);
      },
      (SECONDS * 1000) / 2,
    );
    const routes = routeCalls(server.base, cases);
    const a = await registerLoad('a', `127.0.0.1:${ports.a}`, work);
    const routed = await routes.stop();
    clearTimeout(middle);
    rss.end = rssMb(pid);
    const after = await sipStats(server.base);
    const creds = between(before.credentials, after.credentials, after.boundsMs);
    const route = between(before.route, after.route, after.boundsMs);
    const events = between(before.events, after.events, after.boundsMs);

    const target = TARGET_MS[driver];
    const ratio = a.rate / b.rate;
    const flat = rss.middle ? rss.end / rss.middle : Number.NaN;
    print(`\nSwitchboard REGISTER bench (${driver}): ${DEVICES} devices, ${RATE} REGISTER/s for ${SECONDS} s`);
    for (const l of [b, a]) {
      const what = l.label === 'a' ? '(a) Kamailio + our API' : '(b) Kamailio, in-memory credentials';
      print(
        `${what.padEnd(38)} ${l.ok}/${l.sent} registered in ${l.seconds.toFixed(1)} s: ${l.rate.toFixed(1)}/s, ` +
          `${l.failed} failed, ${l.retrans} retransmissions`,
      );
      const why = Object.entries(l.causes).filter(([, n]) => n > 0);
      if (why.length) print(`  failed by cause: ${why.map(([c, n]) => `${c} ${n}`).join(', ')}`);
    }
    print(
      `rate (a)/(b) ${ratio.toFixed(2)} (target >= 0.70 with 0 failures: ${ratio >= 0.7 && a.failed + b.failed === 0 ? 'met' : 'NOT met'})`,
    );
    print(
      `credential answers during (a): ${creds.count}, p50 ${fmt(creds.p50)} ms, p99 ${fmt(creds.p99)} ms, mean ${fmt(creds.mean)} ms ` +
        `(target p99 <= ${target}: ${creds.p99 <= target ? 'met' : 'NOT met'})`,
    );
    print(
      `route answers during (a): ${route.count} (${routed.wrong} wrong), p50 ${fmt(route.p50)} ms, p99 ${fmt(route.p99)} ms, mean ${fmt(route.mean)} ms ` +
        `(target p99 <= ${target}: ${route.p99 <= target && routed.wrong === 0 ? 'met' : 'NOT met'})`,
    );
    if (routed.firstWrong) print(`  first wrong route answer: ${routed.firstWrong}`);
    if (a.failed) {
      // What the SIP server got from the API where it answered 503 "Directory unavailable".
      const answered = new Map<string, number>();
      for (const m of server.output().matchAll(/credentials of \S+: the API answered (-?\d+)/g))
        answered.set(m[1], (answered.get(m[1]) ?? 0) + 1);
      if (answered.size)
        print(
          `  credential lookups the API failed, by its answer: ${[...answered].map(([c, n]) => `${c} ${n}`).join(', ')}`,
        );
      print(`  the server's last words:\n${server.output().slice(-1500)}`);
    }
    print(`event batches during (a): ${events.count}, p50 ${fmt(events.p50)} ms, p99 ${fmt(events.p99)} ms`);
    print(
      `API RSS: start ${rss.start} MB, middle ${rss.middle} MB, end ${rss.end} MB; end/middle ${flat.toFixed(2)} ` +
        `(flat, target <= 1.10: ${flat <= 1.1 ? 'met' : 'NOT met'})`,
    );
  } catch (error) {
    if (server) process.stderr.write(`--- server output:\n${server.output()}\n`);
    throw error;
  } finally {
    await baseline?.stop();
    if (server) await stopServer(server);
    await place.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  await ensureBuilt();
  // BENCH_SIP_DRIVER=postgres (or pglite) runs one driver only.
  const only = process.env.BENCH_SIP_DRIVER;
  if (only !== 'postgres') await bench('pglite');
  if (only === 'pglite') return;
  if (process.env.DATABASE_URL) await bench('postgres');
  else print('DATABASE_URL is not set: PostgreSQL skipped');
}

await main();
