import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { benchDrivers, type Driver } from './measure.js';
import { api, benchPlace, ensureBuilt, signIn, sleep, withServer } from './server-process.js';

/**
 * One queue with 1,000,000 members (20% with a bucket, 2% with an agent, waiting or one of 5 end
 * causes, 1-3 communications each), seeded with one generate_series statement. Measures the
 * server time (its Server-Timing header) of the members list's first page with each filter alone
 * and with a search, p95 of 40 requests each; then a reset and a bulk delete by filter of the
 * million, while another client reads a teams page and a members page every 100 ms (its slowest
 * answer, round trip). Targets: p95 <= 20 ms on PostgreSQL and <= 50 ms on PGlite; reset and
 * delete <= 30 s on PostgreSQL; other requests answered within 500 ms meanwhile.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000_000);
const PORT = 18_207;
const SAMPLES = 40;
const LIST_TARGET_MS = { postgres: 20, pglite: 50 } as const;
const BULK_TARGET_S = 30;
const PROBE_TARGET_MS = 500;

type Setup = { domainId: number; queue: number; type: number; buckets: number[]; agents: number[] };

/** The seed: member g is `Member g`, created 5 s after member g-1 (the last one now). */
const SEED_SQL = `
insert into cc_queue_members (domain_id, queue_id, name, priority, bucket_id, communications, destinations,
  agent_id, stop_cause, attempts, created_at, updated_at, expire_at)
select $1::int, $2::int, 'Member ' || g, g % 10,
  case when g % 5 = 0 then ($4::int[])[1 + (g / 5) % array_length($4::int[], 1)] end,
  (select jsonb_agg(jsonb_build_object('destination', '+38' || lpad((g * 3 + k)::text, 10, '0'), 'display', '',
     'priority', k, 'type', jsonb_build_object('id', $3::int), 'resource', null, 'description', '', 'dtmf', ''))
   from generate_series(1, 1 + g % 3) k),
  array(select '+38' || lpad((g * 3 + k)::text, 10, '0') from generate_series(1, 1 + g % 3) k),
  case when g % 50 = 0 then ($5::int[])[1 + (g / 50) % array_length($5::int[], 1)] end,
  (array[null, 'success', 'failed', 'abandoned', 'timeout', 'expired'])[1 + g % 6],
  g % 4,
  now() - (($6::int - g) * interval '5 seconds'),
  now(), now() + interval '7 days'
from generate_series(1, $6::int) g`;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)];
};

/** The server's own time over one request, from its Server-Timing header. */
async function serverTime(base: string, url: string, token: string, method = 'GET'): Promise<number> {
  const res = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  const timing = /dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
  if (!timing) throw new Error(`${url}: no server-timing header`);
  return Number(timing[1]);
}

async function prepare(base: string, token: string): Promise<Setup> {
  const post = (p: string, body: unknown) => api<{ id: number }>(base, 'POST', p, token, body);
  const calendar = await post('/api/calendars', { name: 'bench', timezone: { name: 'Europe/Berlin' } });
  const queue = await post('/api/call_center/queues', { name: 'bench', calendar: { id: calendar.id } });
  const type = await post('/api/call_center/communication_type', { name: 'phone', code: 'ph', channel: 'phone' });
  const buckets: number[] = [];
  for (let i = 1; i <= 5; i++) buckets.push((await post('/api/call_center/buckets', { name: `bucket ${i}` })).id);
  const team = await post('/api/call_center/teams', { name: 'bench team' });
  const agents: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const user = await post('/api/users', {
      username: `agent${i}`,
      password: 'Bench-agent-pass-1',
      name: `Agent ${i}`,
    });
    agents.push((await post('/api/call_center/agents', { user: { id: user.id }, team: { id: team.id } })).id);
  }
  const { domainId } = await api<{ domainId: number }>(base, 'GET', '/api/userinfo', token);
  return { domainId, queue: queue.id, type: type.id, buckets, agents };
}

type Query = { query(text: string, params?: unknown[]): Promise<unknown> };
const seed = (db: Query, s: Setup) => db.query(SEED_SQL, [s.domainId, s.queue, s.type, s.buckets, s.agents, MEMBERS]);

/** Reads a queue list and a members page every 100 ms until stopped; answers the slowest round trip. */
function probe(base: string, token: string, queue: number) {
  let running = true;
  let slowest = 0;
  let count = 0;
  const done = (async () => {
    // Not the queue list: its waiting count reads every waiting member, a million during a reset.
    const urls = ['/api/call_center/teams?size=10', `/api/call_center/queues/${queue}/members?size=10&cause=success`];
    while (running) {
      for (const url of urls) {
        const start = performance.now();
        const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
        await res.text();
        slowest = Math.max(slowest, performance.now() - start);
        count++;
      }
      await sleep(100);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { slowest, count };
    },
  };
}

async function measure(driver: Driver): Promise<string[]> {
  const place = await benchPlace(driver, 'members');
  const { dataDir, drop } = place;
  // The bench reads the server's own time from its Server-Timing header, sent only when asked.
  const env: NodeJS.ProcessEnv = { ...place.env, SERVER_TIMING: '1' };
  return withServer(PORT, env, drop, async (bench) => {
    /** Runs SQL beside the server (PostgreSQL) or with it stopped (PGlite holds one connection). */
    const direct = async (work: (db: Query) => Promise<void>) => {
      if (driver === 'postgres') {
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        try {
          await work(client);
        } finally {
          await client.end();
        }
        return;
      }
      await bench.stop();
      const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
      try {
        await work(db);
      } finally {
        await db.close();
      }
      await bench.start();
    };
    let token = await signIn(bench.server.base);
    const setup = await prepare(bench.server.base, token);
    const seedStart = performance.now();
    await direct(async (db) => {
      await seed(db, setup);
      // As autovacuum leaves a table after a load: statistics, and the destinations index's
      // pending entries merged (PGlite runs no autovacuum).
      await db.query('vacuum analyze cc_queue_members');
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const s = bench.server;
    token = await signIn(s.base);

    const members = `/api/call_center/queues/${setup.queue}/members`;
    const dayMs = 86_400_000;
    const now = Date.now();
    const cases: [string, string][] = [
      ['no filter', ''],
      ['created from/to (a week)', `from=${now - 30 * dayMs}&to=${now - 23 * dayMs}`],
      ['console default (previous month to today)', `from=${now - 45 * dayMs}&to=${now}`],
      ['end cause', 'cause=success'],
      ['bucket', `bucket=${setup.buckets[2]}`],
      ['agent', `agent=${setup.agents[1]}`],
      ['priority range', 'priorityFrom=3&priorityTo=4'],
      ['search name prefix', `q=${encodeURIComponent('Member 54321*')}`],
      ['search destination', `q=${encodeURIComponent('+380000163000')}`],
    ];
    const rows: string[] = [];
    const target = LIST_TARGET_MS[driver];
    for (const [label, query] of cases) {
      const url = `${members}?size=10${query ? `&${query}` : ''}`;
      for (let i = 0; i < 3; i++) await serverTime(s.base, url, token);
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) times.push(await serverTime(s.base, url, token));
      const p = p95(times);
      rows.push(
        `  ${label.padEnd(44)} p95 ${p.toFixed(1).padStart(6)} ms  (${(p / target).toFixed(2)} of ${target} ms: ${p <= target ? 'met' : 'NOT met'})`,
      );
    }
    const found = await api<{ items: { id: number; destinations: string[] }[] }>(
      s.base,
      'GET',
      `${members}?q=${encodeURIComponent('+380000163000')}`,
      token,
    );
    if (found.items.length !== 1) throw new Error(`destination search found ${found.items.length} members`);

    // A reset of a million: every member failed first.
    await direct(async (db) => {
      await db.query(`update cc_queue_members set stop_cause = 'failed' where queue_id = $1`, [setup.queue]);
      await db.query('vacuum analyze cc_queue_members');
    });
    const t = bench.server;
    token = await signIn(t.base);
    const bulk = async (label: string, method: string, url: string) => {
      const p = probe(t.base, token, setup.queue);
      const start = performance.now();
      const res = await fetch(`${t.base}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { count?: number };
      const seconds = (performance.now() - start) / 1000;
      const { slowest, count } = await p.stop();
      if (!res.ok || body.count !== MEMBERS) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
      const met = driver === 'pglite' || seconds <= BULK_TARGET_S;
      rows.push(
        `  ${label.padEnd(44)} ${seconds.toFixed(1).padStart(6)} s  (${(seconds / BULK_TARGET_S).toFixed(2)} of ${BULK_TARGET_S} s${driver === 'pglite' ? ', target for PostgreSQL' : `: ${met ? 'met' : 'NOT met'}`}); ${count} other requests meanwhile, slowest ${Math.round(slowest)} ms (${slowest <= PROBE_TARGET_MS ? 'met' : 'NOT met'})`,
      );
    };
    await bulk('reset of 1,000,000 failed members', 'PATCH', `${members}/reset`);
    await bulk('delete by filter (priority 0-9), 1,000,000', 'DELETE', `${members}?priorityFrom=0&priorityTo=9`);
    return [`${driver} (${MEMBERS} members seeded in ${seedSeconds.toFixed(1)} s), first page server time:`, ...rows];
  });
}

async function main() {
  await ensureBuilt();
  // BENCH_MEMBERS_DRIVER=postgres (or pglite) measures one driver only.
  const out: string[] = [];
  for (const driver of benchDrivers('BENCH_MEMBERS_DRIVER')) out.push(...(await measure(driver)));
  if (!process.env.DATABASE_URL) out.push('DATABASE_URL is not set: PostgreSQL skipped');
  process.stdout.write(`\nSwitchboard queue members bench\n${out.join('\n')}\n`);
}

await main();
