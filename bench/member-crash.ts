import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uploadImport } from './imports.js';
import { api, benchPlace, ensureBuilt, type Server, signIn, sleep, withServer } from './server-process.js';

/**
 * Recovery of a member import after kill -9 on the embedded database: 100,000 members through a
 * CSV import template; the server is killed (SIGKILL) once part of the rows are loaded, started
 * again on the same folder, and the resumed import is followed to its end. Prints the time per
 * loading chunk (2,500 lines) before the kill and after the restart, the longest wait for
 * `/api/health` while the fresh import settles its duplicate destinations (from its last row read
 * to its loading phase: one statement over the whole file held the server for seconds there),
 * and for a list read during the fresh and the resumed import (the same reads in both,
 * so that their chunks are timed alike), and how long SIGTERM took to stop
 * a server in the middle of the resumed import (within SHUTDOWN_GRACE_MS, 10 s by default).
 *
 * Targets: resumed chunks as fast as fresh ones (ratio at most 2), health and reads answered
 * within 2 s throughout, SIGTERM within the grace.
 */
const ROWS = Number(process.env.BENCH_CRASH_ROWS ?? 100_000);
const PORT = 18_331;
const CHUNK = 2_500;
const GRACE_MS = 10_000;
/** The duplicate-destination policy of the import (skip, update or allow). */
const DUPLICATES = process.env.BENCH_CRASH_DUPLICATES ?? 'skip';

type Item = { state: string; phase: string | null; rowsLoaded: number; rowsToLoad: number; rowsFailed: number };

function writeFile(file: string) {
  const lines = ['name,phone1,type1,phone2,type2,city'];
  for (let i = 0; i < ROWS; i++) {
    const n = String(i).padStart(8, '0');
    lines.push(`member ${i},+38050${n},phone,${i % 2 ? `+38051${n}` : ''},${i % 2 ? 'phone' : ''},city ${i % 100}`);
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/** Follows the import's rows loaded: the seconds per chunk between the first and the last change seen. */
class Chunks {
  private first: { at: number; rows: number } | null = null;
  private last: { at: number; rows: number } | null = null;
  see(rows: number) {
    const at = performance.now();
    if (!this.first) this.first = { at, rows };
    else if (rows !== this.last?.rows) this.last = { at, rows };
  }
  /** Seconds per chunk of 2,500 lines, or null before two changes. */
  perChunk(): number | null {
    if (!this.first || !this.last || this.last.rows <= this.first.rows) return null;
    return (this.last.at - this.first.at) / 1000 / ((this.last.rows - this.first.rows) / CHUNK);
  }
}

/** Asks `url` again and again (one at a time) until stopped; answers the longest wait and failures. */
function probe(url: string, headers: Record<string, string> = {}) {
  let stopped = false;
  let max = 0;
  let failures = 0;
  let answers = 0;
  const done = (async () => {
    while (!stopped) {
      const start = performance.now();
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
        if (res.status === 200) answers++;
        else failures++;
      } catch {
        failures++;
      }
      max = Math.max(max, performance.now() - start);
      await sleep(50);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return { max: Math.round(max), failures, answers };
    },
  };
}

async function follow(server: Server, token: string, id: number, until: (item: Item) => boolean, chunks?: Chunks) {
  for (;;) {
    const item = await api<Item>(server.base, 'GET', `/api/imports/${id}`, token);
    if (item.phase === 'loading') chunks?.see(item.rowsLoaded);
    if (until(item) || (item.state !== 'running' && item.state !== 'queued')) return item;
    await sleep(100);
  }
}

/**
 * The settling of the fresh import: from the moment every row is read (still checking) to its
 * loading phase, `/api/health` is asked throughout. Null when that moment went by unseen.
 */
async function settleWindow(server: Server, token: string, id: number) {
  const item = () => api<Item & { rowsRead: number }>(server.base, 'GET', `/api/imports/${id}`, token);
  for (;;) {
    const i = await item();
    if (i.phase !== 'checking' || i.state !== 'running') return null;
    if (i.rowsRead >= ROWS) break;
    await sleep(20);
  }
  const start = performance.now();
  const health = probe(`${server.base}/api/health`);
  for (let i = await item(); i.phase === 'checking' && i.state === 'running'; i = await item()) await sleep(20);
  return { ...(await health.stop()), ms: Math.round(performance.now() - start) };
}

async function main() {
  await ensureBuilt();
  const file = path.join(os.tmpdir(), `switchboard-bench-crash-${process.pid}.csv`);
  writeFile(file);
  const { env, drop } = await benchPlace('pglite', 'member-crash');
  await withServer(
    PORT,
    env,
    async () => {
      await drop();
      fs.rmSync(file, { force: true });
    },
    async (bench) => {
      let server = bench.server;
      const token = await signIn(server.base);
      const post = <T>(p: string, body: unknown) => api<T>(server.base, 'POST', p, token, body);
      const calendar = await post<{ id: number }>('/api/calendars', { name: 'bench', timezone: { name: 'UTC' } });
      const queue = await post<{ id: number }>('/api/call_center/queues', {
        name: 'crash',
        type: 2,
        calendar: { id: calendar.id },
      });
      await post('/api/call_center/communication_type', { name: 'Phone', code: 'phone', channel: 'phone' });
      const template = await post<{ id: number }>('/api/storage/import_templates', {
        name: 'bench',
        source: { id: queue.id },
        parameters: {
          mappings: { name: 'name', destination: ['phone1', 'phone2'], code: ['type1', 'type2'], variables: ['city'] },
        },
      });
      const route = `/api/storage/import_templates/${template.id}/import`;
      const id = await uploadImport(
        server,
        token,
        route,
        { mode: 'skip', duplicates: DUPLICATES },
        file,
        'members.csv',
      );

      // Fresh chunks: watched until 40% of the rows are in, then the process is killed. Health and a
      // list are asked here too, so that fresh and resumed chunks are timed under the same reads.
      const auth = { authorization: `Bearer ${token}` };
      const membersUrl = `/api/call_center/queues/${queue.id}/members?size=10`;
      const freshHealth = probe(`${server.base}/api/health`);
      const freshReads = probe(`${server.base}${membersUrl}`, auth);
      const settling = settleWindow(server, token, id);
      const fresh = new Chunks();
      const atKill = await follow(server, token, id, (i) => i.phase === 'loading' && i.rowsLoaded >= ROWS * 0.4, fresh);
      const freshSeen = [await freshHealth.stop(), await freshReads.stop()];
      const settleSeen = await settling;
      if (atKill.state !== 'running') throw new Error(`the import ended before the kill: ${JSON.stringify(atKill)}`);
      server.child.kill('SIGKILL');
      await new Promise((r) => server.child.once('exit', r));
      bench.current = null;
      if (process.env.BENCH_CRASH_KEEP)
        fs.cpSync(env.DATA_DIR as string, process.env.BENCH_CRASH_KEEP, { recursive: true });

      // Restart: the import resumes; health and a list are asked throughout.
      server = await bench.start();
      const health = probe(`${server.base}/api/health`);
      const reads = probe(`${server.base}${membersUrl}`, auth);
      const resumed = new Chunks();
      const atTerm = await follow(
        server,
        token,
        id,
        (i) => i.phase === 'loading' && i.rowsLoaded >= ROWS * 0.7,
        resumed,
      );
      const healthSeen = await health.stop();
      const readsSeen = await reads.stop();

      // SIGTERM in the middle of the resumed import: the server must be gone within its grace.
      let termMs = Number.NaN;
      if (atTerm.state === 'running') {
        const exited = new Promise((r) => server.child.once('exit', r));
        const start = performance.now();
        server.child.kill('SIGTERM');
        await exited;
        termMs = performance.now() - start;
        server = await bench.start();
      }
      const ended = await follow(server, token, id, () => false);
      const count = await api<{ items: unknown[] }>(
        server.base,
        'GET',
        `/api/call_center/queues/${queue.id}/members?size=1&page=${ROWS}`,
        token,
      );
      const freshChunk = fresh.perChunk();
      const resumedChunk = resumed.perChunk();
      const ratio = freshChunk && resumedChunk ? resumedChunk / freshChunk : Number.NaN;
      const rows = [
        `Switchboard member import recovery bench (pglite): ${ROWS} members (duplicates ${DUPLICATES}), kill -9 at ${atKill.rowsLoaded} loaded`,
        `loading chunk (${CHUNK} lines): fresh ${freshChunk?.toFixed(2)} s, resumed ${resumedChunk?.toFixed(2)} s, resumed/fresh ${ratio.toFixed(2)}x (target <= 2: ${ratio <= 2 ? 'met' : 'NOT met'})`,
        settleSeen
          ? `while the fresh import settles duplicates (${DUPLICATES}, ${settleSeen.ms} ms): /api/health max ${settleSeen.max} ms (${settleSeen.answers} answers, ${settleSeen.failures} failed) (target <= 2000: ${settleSeen.max <= 2000 && settleSeen.failures === 0 ? 'met' : 'NOT met'})`
          : 'while the fresh import settles duplicates: not seen (it went by between two polls)',
        `during the fresh import: /api/health max ${freshSeen[0].max} ms, members list max ${freshSeen[1].max} ms`,
        `during the resumed import: /api/health max ${healthSeen.max} ms (${healthSeen.answers} answers, ${healthSeen.failures} failed), members list max ${readsSeen.max} ms (${readsSeen.answers} answers, ${readsSeen.failures} failed) (target <= 2000: ${Math.max(healthSeen.max, readsSeen.max) <= 2000 && healthSeen.failures + readsSeen.failures === 0 ? 'met' : 'NOT met'})`,
        `SIGTERM during the resumed import: exited in ${Math.round(termMs)} ms (grace ${GRACE_MS}: ${termMs <= GRACE_MS ? 'met' : 'NOT met'})`,
        `end: ${ended.state}, ${ended.rowsLoaded} loaded of ${ended.rowsToLoad}, ${ended.rowsFailed} failed; last page of the list ${count.items.length === 1 ? 'holds the last member' : 'is empty'}`,
      ];
      process.stdout.write(`\n${rows.join('\n')}\n`);
    },
  );
}

await main();
