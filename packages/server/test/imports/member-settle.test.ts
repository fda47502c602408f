import { type ImportErrorRow, importTemplateMessages as m } from '@switchboard/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawQuery } from '../../src/db/raw.js';
import { drivers, useTestServer } from '../harness.js';
import { importCsv } from '../imports.js';
import { makeImportQueue } from '../resources/fixtures-import-templates.js';
import { unique } from '../resources/helpers.js';

/** Lines of the file: more than two settle steps on PGlite (5,000 lines each). */
const ROWS = 12_000;
/** Members already in the queue: more than one step of members on PGlite (10,000 each). */
const SEEDED = 10_500;
/** Destinations the rows draw from: fewer than the rows, so that many repeat, far apart. */
const POOL = 9_000;

type Row = { line: number; name: string; dests: string[] };
type Member = { id: number; name: string; destinations: string[] };

/** A small deterministic generator (the same file on every run). */
function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x % n;
  };
}
const dest = (n: number) => `+38067${String(n).padStart(7, '0')}`;

function makeRows(count: number, pick: (n: number) => number, prefix: string, first = 2): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const a = dest(pick(POOL));
    // Every third row has a second destination, now and then the same as its first.
    const b = i % 3 === 0 ? (i % 51 === 0 ? a : dest(pick(POOL))) : null;
    rows.push({ line: first + i, name: `${prefix} ${i}`, dests: b ? [a, b] : [a] });
  }
  return rows;
}
const csv = (rows: Row[]) =>
  `${['name,p1,t1,p2,t2', ...rows.map((r) => `${r.name},${r.dests[0]},stlphone,${r.dests[1] ?? ''},${r.dests[1] ? 'stlphone' : ''}`)].join('\n')}\n`;

/**
 * What each policy makes of the rows (spec of the import templates: duplicate destinations), as
 * plain code: the report and the queue's members after loading, in id order (new ones last).
 */
function expected(rows: Row[], before: Member[], policy: 'skip' | 'update' | 'allow', clear: boolean) {
  const members = clear ? [] : before;
  const errors: ImportErrorRow[] = [];
  const report = (line: number, message: string) => errors.push({ line, field: 'destination', message });
  const owner = new Map<string, number>();
  for (const mem of members) for (const d of mem.destinations) if (!owner.has(d)) owner.set(d, mem.id);
  let kept = rows;
  const targets = new Map<number, number>();
  if (policy === 'skip') {
    const first = new Map<string, number>();
    for (const r of rows) for (const d of r.dests) if (!first.has(d)) first.set(d, r.line);
    kept = rows.filter((r) => {
      const earliest = Math.min(...r.dests.map((d) => first.get(d)!));
      if (r.dests.some((d) => owner.has(d))) report(r.line, m.destinationTaken);
      else if (earliest < r.line) report(r.line, m.destinationRepeated.replace('{{line}}', String(earliest)));
      else return true;
      return false;
    });
  } else if (policy === 'update') {
    const last = new Map<string, number>();
    for (const r of rows) for (const d of r.dests) last.set(d, r.line);
    kept = rows.filter((r) => {
      const latest = Math.max(...r.dests.map((d) => last.get(d)!));
      if (latest > r.line) report(r.line, m.destinationReplaced.replace('{{line}}', String(latest)));
      return latest <= r.line;
    });
    const lastOf = new Map<number, number>();
    for (const r of kept) {
      const ids = r.dests.map((d) => owner.get(d)).filter((id) => id !== undefined);
      if (ids.length) {
        targets.set(r.line, Math.min(...ids));
        lastOf.set(Math.min(...ids), r.line);
      }
    }
    kept = kept.filter((r) => {
      const target = targets.get(r.line);
      const by = target === undefined ? r.line : lastOf.get(target)!;
      if (by > r.line) report(r.line, m.destinationReplaced.replace('{{line}}', String(by)));
      return by <= r.line;
    });
  }
  errors.sort((a, b) => a.line - b.line);
  const byId = new Map(members.map((mem) => [mem.id, { name: mem.name, destinations: mem.destinations }]));
  const added: { name: string; destinations: string[] }[] = [];
  for (const r of kept) {
    const target = targets.get(r.line);
    if (target !== undefined) byId.set(target, { name: r.name, destinations: r.dests });
    else added.push({ name: r.name, destinations: r.dests });
  }
  return { errors, members: [...byId.values(), ...added], skipped: errors.length, loaded: kept.length };
}

describe.each(drivers())('duplicate destinations over many settle steps on %s', (driver) => {
  const s = useTestServer(driver, { jobs: { pollingIntervalSeconds: 0.5 } });
  let token: string;
  beforeAll(async () => {
    token = s.adminToken;
    const res = await s.request('POST', '/api/call_center/communication_type', {
      token,
      body: { name: unique('stl '), code: 'stlphone', channel: 'phone' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  const template = async (queue: number, clearMembers = false) => {
    const res = await s.request('POST', '/api/storage/import_templates', {
      token,
      body: {
        name: unique('settle '),
        source: { id: queue },
        parameters: { clearMembers, mappings: { name: 'name', destination: ['p1', 'p2'], code: ['t1', 't2'] } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const members = (queue: number) =>
    rawQuery<Member>(
      s.ctx.raw!,
      'select id::int, name, destinations from cc_queue_members where queue_id = $1 order by id',
      [queue],
    );

  it.each([
    ['skip', false],
    ['update', false],
    ['allow', false],
    ['skip', true],
    ['update', true],
  ] as const)(
    '%s (clearMembers %s): the report and the members as the policy says',
    { timeout: 300_000 },
    async (policy, clear) => {
      const queue = await makeImportQueue(s, token);
      // Members first, some sharing a destination (allowed), drawn from the same destinations.
      const seed = await importCsv(
        s,
        token,
        `/storage/import_templates/${await template(queue)}`,
        csv(makeRows(SEEDED, random(7), 'old')),
        {
          mode: 'skip',
          duplicates: 'allow',
        },
      );
      expect(seed.item).toMatchObject({ state: 'done', rowsLoaded: SEEDED });
      const before = await members(queue);
      const rows = makeRows(ROWS, random(11), 'new');

      const { item, errors } = await importCsv(
        s,
        token,
        `/storage/import_templates/${await template(queue, clear)}`,
        csv(rows),
        {
          mode: 'skip',
          duplicates: policy,
        },
      );
      const want = expected(rows, before, policy, clear);
      // The generated file does exercise the policy: rows of each kind.
      if (policy !== 'allow') expect(want.skipped).toBeGreaterThan(1_000);
      expect(item).toMatchObject({
        state: 'done',
        rowsRead: ROWS,
        rowsSkipped: want.skipped,
        rowsLoaded: want.loaded,
        rowsFailed: 0,
      });
      expect(errors).toEqual(want.errors);
      expect((await members(queue)).map(({ name, destinations }) => ({ name, destinations }))).toEqual(want.members);
    },
  );
});
