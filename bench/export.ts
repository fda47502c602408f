import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { rssSampler } from './measure.js';
import { api, ensureBuilt, rssMb, signIn, sleep, withServer } from './server-process.js';

/**
 * The CSV export of 1,000,000 blacklist numbers on the embedded database: rows per second and the
 * server's resident memory before, at its peak during and after the download. Target: the peak
 * at most 100 MB above idle (the export streams; it never holds the rows).
 */
const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const PORT = 18_201;
const RSS_TARGET_MB = 100;

async function main() {
  await ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bench-export-'));
  await withServer(
    PORT,
    { DATA_DIR: dataDir, DATABASE_URL: '' },
    () => fs.rmSync(dataDir, { recursive: true, force: true }),
    async (bench) => {
      let server = bench.server;
      let token = await signIn(server.base);
      const list = await api<{ id: number }>(server.base, 'POST', '/api/call_center/list', token, { name: 'bench' });
      const { domainId } = await api<{ domainId: number }>(server.base, 'GET', '/api/userinfo', token);
      await bench.stop();

      // Loading through the API would take an hour on PGlite; one statement takes a minute.
      const seedStart = performance.now();
      const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
      await db.query(
        `insert into blacklist_numbers (domain_id, list_id, number, description)
       select $1, $2, (380000000000 + g)::text, case when g % 10 = 0 then '=cmd|calc' else 'bench row' end
       from generate_series(1, $3::int) g`,
        [domainId, list.id, ROWS],
      );
      // Statistics as an import leaves them (PGlite runs no autovacuum): without them each page
      // of the export is planned as a sort of the whole list.
      await db.query('analyze blacklist_numbers');
      await db.close();
      const seedSeconds = (performance.now() - seedStart) / 1000;

      server = await bench.start();
      token = await signIn(server.base);
      const url = `${server.base}/api/call_center/list/${list.id}/communication/export.csv`;
      const headers = { authorization: `Bearer ${token}` };
      // Warm up: the first list and export compile their statements.
      await api(server.base, 'GET', `/api/call_center/list/${list.id}/communication?size=10`, token);
      await (await fetch(`${url}?q=3800000000*`, { headers })).text();
      await sleep(1000);
      const pid = server.child.pid as number;
      const sampler = rssSampler(pid, 50);
      const idle = sampler.idle;

      const start = performance.now();
      const res = await fetch(url, { headers });
      if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
      let lines = 0;
      let bytes = 0;
      for await (const chunk of res.body) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      const seconds = (performance.now() - start) / 1000;
      const peak = Math.max(sampler.stop(), rssMb(pid));
      await sleep(2000);
      const after = rssMb(pid);
      if (lines !== ROWS + 1) throw new Error(`export: ${lines - 1} rows instead of ${ROWS}`);

      const growth = peak - idle;
      const rows = [
        `Switchboard export bench (PGlite): ${ROWS} blacklist numbers as CSV (seeded in ${seedSeconds.toFixed(1)} s)`,
        `rows ${ROWS}, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s: ${Math.round(ROWS / seconds)} rows/s`,
        `server RSS idle ${idle} MB, peak ${peak} MB, after ${after} MB`,
        `peak above idle ${growth} MB (target <= ${RSS_TARGET_MB}: ${growth <= RSS_TARGET_MB ? 'met' : 'NOT met'})`,
      ];
      process.stdout.write(`\n${rows.join('\n')}\n`);
    },
  );
}

await main();
