import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadFigures, rssSampler } from './measure.js';
import { api, ensureBuilt, rssMb, signIn, sleep, withServer } from './server-process.js';

/**
 * Fairness on the embedded database: 200 connections against the devices list, with the
 * admission queue on (the default) and off. Prints p50, p99 and max latency, the 503 answers, and
 * the server's resident memory idle, at its peak and after the load. Targets (queue on): p99 at
 * most 1 s and no answer over 2 s.
 */
const CONNECTIONS = 200;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const DEVICES = 100;
const PORT = 18_211;
const P99_TARGET_MS = 1000;
const MAX_TARGET_MS = 2000;

type Result = ReturnType<typeof loadFigures> & {
  label: string;
  rss: { firstStart: number; idle: number; peak: number; after: number };
  answered: number;
};

async function measure(label: string, env: NodeJS.ProcessEnv): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-fair-'));
  return withServer(
    PORT,
    { DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    () => fs.rmSync(dataDir, { recursive: true, force: true }),
    async (bench) => {
      let server = bench.server;
      let token = await signIn(server.base);
      for (let i = 1; i <= DEVICES; i++) {
        const n = String(i).padStart(3, '0');
        await api(server.base, 'POST', '/api/devices', token, {
          name: `dev${n}`,
          account: `acc${n}`,
          password: 'Sip-1',
        });
      }
      // The first start creates the data folder (initdb), which grows PGlite's memory for good: the
      // figures come from a restart on the existing folder, as a server runs in service.
      const firstStart = rssMb(server.child.pid as number);
      await bench.stop();
      server = await bench.start();
      token = await signIn(server.base);
      const url = `${server.base}/api/devices?size=10&q=dev*`;
      const headers = { authorization: `Bearer ${token}` };
      await autocannon({ url, connections: 10, duration: 2, headers });
      await sleep(2000);
      const pid = server.child.pid as number;
      const sampler = rssSampler(pid, 100);
      const idle = sampler.idle;
      // Connections that got at least one answer: one never answered waited for the whole run.
      const answered = new Set<unknown>();
      const run = autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, timeout: 60 }, () => {});
      run.on('response', (client) => answered.add(client));
      const result = await new Promise<autocannon.Result>((resolve) => run.on('done', resolve));
      const peak = sampler.stop();
      // What stays once the load is gone: after the collector has had time to run.
      await sleep(10_000);
      const after = rssMb(pid);
      return {
        label,
        ...loadFigures(result),
        rss: { firstStart, idle, peak, after },
        answered: answered.size,
      };
    },
  );
}

function print(results: Result[]) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const rows = [
    `Switchboard fairness bench (PGlite): ${CONNECTIONS} connections, ${DURATION} s, devices list`,
    `${'admission'.padEnd(10)}${pad('answers', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('max ms', 8)}${pad('503', 7)}${pad('errors', 8)}${pad('p99/p50', 9)}${pad('max/p50', 9)}${pad('RSS idle/peak/after MB', 24)}${pad('first start MB', 16)}${pad('answered conns', 16)}`,
  ];
  for (const r of results) {
    const base = Math.max(r.p50, 1);
    rows.push(
      `${r.label.padEnd(10)}${pad(r.requests, 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.max, 8)}${pad(r.shed, 7)}${pad(r.errors, 8)}${pad((r.p99 / base).toFixed(1), 9)}${pad((r.max / base).toFixed(1), 9)}${pad(`${r.rss.idle}/${r.rss.peak}/${r.rss.after}`, 24)}${pad(r.rss.firstStart, 16)}${pad(`${r.answered}/${CONNECTIONS}`, 16)}`,
    );
  }
  const on = results[0];
  rows.push(
    '',
    `queue on: p99 ${on.p99} ms (target <= ${P99_TARGET_MS}: ${on.p99 <= P99_TARGET_MS ? 'met' : 'NOT met'}); ` +
      `max ${on.max} ms (target <= ${MAX_TARGET_MS}: ${on.max <= MAX_TARGET_MS ? 'met' : 'NOT met'}); ` +
      `RSS after load ${on.rss.after - on.rss.idle} MB above idle`,
  );
  process.stdout.write(`\n${rows.join('\n')}\n`);
}

async function main() {
  await ensureBuilt();
  const results = [await measure('on', {}), await measure('off', { ADMISSION_CONCURRENCY: '0' })];
  print(results);
}

await main();
