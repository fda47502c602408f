import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importEnded, uploadImport } from './imports.js';
import { benchDrivers, rssSampler } from './measure.js';
import { type RawLoad, rawCopy, rawInsert } from './raw-load.js';
import { api, benchPlace, ensureBuilt, signIn, sleep, withServer } from './server-process.js';

/**
 * The CSV import of 1,000,000 blacklist numbers through the import pipeline, on PGlite and (with
 * DATABASE_URL) PostgreSQL, measured in one run against a raw load of the same rows into the
 * same empty table: COPY on PostgreSQL, multi-row INSERTs of 1,000 rows on PGlite. Meanwhile a
 * list request (devices) every 100 ms (p50, p99, max) and the server's resident memory; then the
 * export of the imported rows and its memory.
 *
 * Targets: import at most 2x the raw load; list p99 at most 100 ms (PostgreSQL) or 500 ms
 * (PGlite), none over 2 s; RSS at most 200 MB (PostgreSQL) or 400 MB (PGlite) above idle during
 * the import, at most 100 MB during the export.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const PORT = 18_301;

type Row = [number: string, description: string];
const rowOf = (i: number): Row => [`38${String(i).padStart(10, '0')}`, `bench row ${i}`];

function writeFile(file: string) {
  const fd = fs.openSync(file, 'w');
  let text = 'number,description,expireAt\n';
  for (let i = 0; i < ROWS; i++) {
    const [n, d] = rowOf(i);
    text += `${n},${d},\n`;
    if (text.length > 1 << 20) {
      fs.writeSync(fd, text);
      text = '';
    }
  }
  fs.writeSync(fd, text);
  fs.closeSync(fd);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** The raw load of the same rows into another list of the domain. */
const rawLoad = (domainId: number, listId: number): RawLoad => ({
  table: 'blacklist_numbers',
  columns: 'domain_id, list_id, number, description, expire_at',
  rows: ROWS,
  row: (i) => [domainId, listId, ...rowOf(i), null],
  after: [['truncate blacklist_numbers'], ['vacuum analyze blacklist_numbers']],
});

async function measure(driver: 'pglite' | 'postgres', file: string): Promise<string[]> {
  const { dataDir, env, drop } = await benchPlace(driver, 'import');
  return withServer(PORT, env, drop, async (bench) => {
    let server = bench.server;
    let token = await signIn(server.base);
    const rawList = await api<{ id: number }>(server.base, 'POST', '/api/call_center/list', token, { name: 'raw' });
    const list = await api<{ id: number }>(server.base, 'POST', '/api/call_center/list', token, { name: 'import' });
    const { domainId } = await api<{ domainId: number }>(server.base, 'GET', '/api/userinfo', token);
    const load = rawLoad(domainId, rawList.id);
    let rawSeconds: number;
    if (driver === 'postgres') {
      rawSeconds = await rawCopy(env.DATABASE_URL as string, load);
    } else {
      await bench.stop();
      rawSeconds = await rawInsert(dataDir, load);
      server = await bench.start();
      token = await signIn(server.base);
    }
    const headers = { authorization: `Bearer ${token}` };
    // Another list than the one imported into: the blacklists list counts each list's numbers,
    // which costs a scan of a million rows whatever the import does (see the closing note).
    const listUrl = `${server.base}/api/devices?size=10`;
    for (let i = 0; i < 5; i++) await (await fetch(listUrl, { headers })).text();
    await sleep(1000);
    const pid = server.child.pid as number;
    const sampler = rssSampler(pid, 50);
    const idle = sampler.idle;
    const latencies: number[] = [];
    let failures = 0;
    let probing = true;
    const probes: Promise<void>[] = [];
    const prober = (async () => {
      while (probing) {
        probes.push(
          (async () => {
            const t = performance.now();
            try {
              const res = await fetch(listUrl, { headers, signal: AbortSignal.timeout(30_000) });
              await res.text();
              if (!res.ok) failures++;
            } catch {
              // Not answered (refused, or past 30 s): a failure, counted with the time it took.
              failures++;
            }
            latencies.push(performance.now() - t);
          })(),
        );
        await sleep(100);
      }
    })();

    const start = performance.now();
    const route = `/api/call_center/list/${list.id}/communication/import`;
    const id = await uploadImport(server, token, route, { mode: 'all' }, file, 'numbers.csv');
    const item = await importEnded(server, token, id);
    const importSeconds = (performance.now() - start) / 1000;
    probing = false;
    await prober;
    await Promise.all(probes);
    const importPeak = sampler.stop();
    if (item.state !== 'done' || item.rowsLoaded !== ROWS) throw new Error(`import ended ${JSON.stringify(item)}`);

    // The export of what was imported.
    await sleep(2000);
    const exportSampler = rssSampler(pid, 50);
    const exportIdle = exportSampler.idle;
    const exportStart = performance.now();
    const res = await fetch(`${server.base}/api/call_center/list/${list.id}/communication/export.csv`, { headers });
    let lines = 0;
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) for (const b of chunk) if (b === 10) lines++;
    const exportSeconds = (performance.now() - exportStart) / 1000;
    const exportPeak = exportSampler.stop();
    if (lines !== ROWS + 1) throw new Error(`export: ${lines - 1} rows`);

    latencies.sort((a, b) => a - b);
    const ratio = importSeconds / rawSeconds;
    const p99 = pct(latencies, 0.99);
    const max = latencies[latencies.length - 1] ?? 0;
    const p99Target = driver === 'postgres' ? 100 : 500;
    const rssTarget = driver === 'postgres' ? 200 : 400;
    const growth = importPeak - idle;
    const exportGrowth = exportPeak - exportIdle;
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    return [
      `Switchboard import bench (${driver}): ${ROWS} blacklist numbers from a ${(fs.statSync(file).size / 1e6).toFixed(1)} MB CSV`,
      `raw ${driver === 'postgres' ? 'COPY' : 'multi-row INSERT'} ${rawSeconds.toFixed(1)} s; import (upload to done) ${importSeconds.toFixed(1)} s: ${Math.round(ROWS / importSeconds)} rows/s`,
      `import / raw ${ratio.toFixed(2)}x (target <= 2: ${met(ratio <= 2)})`,
      `list every 100 ms meanwhile: ${latencies.length} requests, ${failures} failed, p50 ${pct(latencies, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms (target <= ${p99Target}: ${met(p99 <= p99Target)}), max ${max.toFixed(0)} ms (target <= 2000: ${met(max <= 2000)})`,
      `server RSS idle ${idle} MB, peak during the import ${importPeak} MB: +${growth} MB (target <= ${rssTarget}: ${met(growth <= rssTarget)})`,
      `export of the ${ROWS} rows ${exportSeconds.toFixed(1)} s; RSS ${exportIdle} MB before, peak ${exportPeak} MB: +${exportGrowth} MB (target <= 100: ${met(exportGrowth <= 100)})`,
    ];
  });
}

async function main() {
  await ensureBuilt();
  const file = path.join(os.tmpdir(), `switchboard-bench-import-${process.pid}.csv`);
  writeFile(file);
  try {
    const out: string[] = [];
    // BENCH_IMPORT_DRIVER=postgres (or pglite) measures one driver only.
    for (const driver of benchDrivers('BENCH_IMPORT_DRIVER')) {
      const figures = await measure(driver, file);
      // Each driver's figures as soon as they are measured.
      process.stdout.write(`\n${figures.join('\n')}\n`);
      out.push(...figures, '');
    }
  } finally {
    fs.rmSync(file, { force: true });
  }
}

await main();
