import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importEnded, uploadImport } from './imports.js';
import { benchDrivers } from './measure.js';
import { type RawLoad, rawCopy, rawInsert } from './raw-load.js';
import { api, benchPlace, ensureBuilt, signIn, sleep, withServer } from './server-process.js';

/**
 * The CSV import of 1,000,000 queue members (1-3 communications each, 20% with a bucket) through
 * a CSV import template (POST /storage/import_templates/{id}/import, duplicate policy skip: every
 * destination is checked against the queue and the file), on PGlite and (with DATABASE_URL)
 * PostgreSQL, measured in one run against a raw load of the same rows into cc_queue_members of
 * another queue: COPY on PostgreSQL, multi-row INSERTs of 1,000 rows on PGlite.
 *
 * Target: the import (upload to done) at most 2x the raw load.
 */
const ROWS = Number(process.env.BENCH_MEMBER_ROWS ?? 1_000_000);
const PORT = 18_311;
const EXPIRES = new Date(Date.now() + 7 * 86_400_000).toISOString();

type Member = { name: string; phones: string[]; bucket: boolean; city: string };
const memberOf = (i: number): Member => ({
  name: `member ${i}`,
  phones: Array.from({ length: (i % 3) + 1 }, (_, k) => `+3805${k}${String(i).padStart(8, '0')}`),
  bucket: i % 5 === 0,
  city: `city ${i % 100}`,
});

function writeFile(file: string) {
  const fd = fs.openSync(file, 'w');
  let text = 'name,phone1,type1,phone2,type2,phone3,type3,bucket,city\n';
  for (let i = 0; i < ROWS; i++) {
    const m = memberOf(i);
    const cells = [m.name];
    for (let k = 0; k < 3; k++) cells.push(m.phones[k] ?? '', m.phones[k] ? 'phone' : '');
    cells.push(m.bucket ? 'bench' : '', m.city);
    text += `${cells.join(',')}\n`;
    if (text.length > 1 << 20) {
      fs.writeSync(fd, text);
      text = '';
    }
  }
  fs.writeSync(fd, text);
  fs.closeSync(fd);
}

/** A member's columns as the raw load writes them (what the import stores). */
function rawRow(i: number, ids: { domain: number; queue: number; type: number; bucket: number }) {
  const m = memberOf(i);
  const communications = m.phones.map((destination) => ({
    destination,
    display: '',
    priority: 0,
    type: { id: ids.type },
    resource: null,
    description: '',
    dtmf: '',
  }));
  return [
    ids.domain,
    ids.queue,
    m.name,
    0,
    m.bucket ? ids.bucket : null,
    JSON.stringify(communications),
    `{${m.phones.map((p) => `"${p}"`).join(',')}}`,
    JSON.stringify({ city: m.city }),
    EXPIRES,
  ] as const;
}
const RAW_COLUMNS =
  'domain_id, queue_id, name, priority, bucket_id, communications, destinations, variables, expire_at';
type Ids = { domain: number; queue: number; type: number; bucket: number };

/** The raw load of the same members into another queue. */
const rawLoad = (ids: Ids): RawLoad => ({
  table: 'cc_queue_members',
  columns: RAW_COLUMNS,
  rows: ROWS,
  row: (i) => rawRow(i, ids),
  after: [['delete from cc_queue_members where queue_id = $1', [ids.queue]], ['vacuum analyze cc_queue_members']],
});

async function measure(driver: 'pglite' | 'postgres', file: string): Promise<string[]> {
  const { dataDir, env, drop } = await benchPlace(driver, 'member-import');
  return withServer(PORT, env, drop, async (bench) => {
    let server = bench.server;
    let token = await signIn(server.base);
    const post = <T>(p: string, body: unknown) => api<T>(server.base, 'POST', p, token, body);
    const calendar = await post<{ id: number }>('/api/calendars', { name: 'bench', timezone: { name: 'UTC' } });
    const queue = (name: string) =>
      post<{ id: number }>('/api/call_center/queues', { name, type: 2, calendar: { id: calendar.id } });
    const rawQueue = await queue('raw');
    const target = await queue('import');
    const type = await post<{ id: number }>('/api/call_center/communication_type', {
      name: 'Phone',
      code: 'phone',
      channel: 'phone',
    });
    const bucket = await post<{ id: number }>('/api/call_center/buckets', { name: 'bench' });
    const template = await post<{ id: number }>('/api/storage/import_templates', {
      name: 'bench',
      source: { id: target.id },
      parameters: {
        mappings: {
          name: 'name',
          destination: ['phone1', 'phone2', 'phone3'],
          code: ['type1', 'type2', 'type3'],
          bucketId: 'bucket',
          variables: ['city'],
        },
      },
    });
    const { domainId } = await api<{ domainId: number }>(server.base, 'GET', '/api/userinfo', token);
    const ids = { domain: domainId, queue: rawQueue.id, type: type.id, bucket: bucket.id };
    let rawSeconds: number;
    if (driver === 'postgres') rawSeconds = await rawCopy(env.DATABASE_URL as string, rawLoad(ids));
    else {
      await bench.stop();
      rawSeconds = await rawInsert(dataDir, rawLoad(ids));
      server = await bench.start();
      token = await signIn(server.base);
    }
    await sleep(1000);
    const start = performance.now();
    const route = `/api/storage/import_templates/${template.id}/import`;
    const id = await uploadImport(server, token, route, { mode: 'all', duplicates: 'skip' }, file, 'members.csv');
    const item = await importEnded(server, token, id);
    const importSeconds = (performance.now() - start) / 1000;
    if (item.state !== 'done' || item.rowsLoaded !== ROWS) throw new Error(`import ended ${JSON.stringify(item)}`);
    const ratio = importSeconds / rawSeconds;
    return [
      `Switchboard member import bench (${driver}): ${ROWS} members (1-3 communications, 20% with a bucket) from a ${(fs.statSync(file).size / 1e6).toFixed(1)} MB CSV through a template`,
      `raw ${driver === 'postgres' ? 'COPY' : 'multi-row INSERT'} into cc_queue_members ${rawSeconds.toFixed(1)} s; import (upload to done) ${importSeconds.toFixed(1)} s: ${Math.round(ROWS / importSeconds)} rows/s`,
      `import / raw ${ratio.toFixed(2)}x (target <= 2: ${ratio <= 2 ? 'met' : 'NOT met'})`,
    ];
  });
}

async function main() {
  await ensureBuilt();
  const file = path.join(os.tmpdir(), `switchboard-bench-members-${process.pid}.csv`);
  writeFile(file);
  try {
    for (const driver of benchDrivers('BENCH_IMPORT_DRIVER'))
      process.stdout.write(`\n${(await measure(driver, file)).join('\n')}\n`);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

await main();
