import { type MemberImportOptions, importTemplateMessages as m } from '@switchboard/model';
import type { Database } from '../../../db/client.js';
import { type RawTx, rawQuery } from '../../../db/raw.js';
import type { ImportScope, Settled, SettleStep } from '../../imports/importer.js';
import { scratchTables } from '../../imports/phase.js';

/**
 * Staged lines per step on PGlite: one statement holds the embedded database (and every request
 * with it) while it runs. PostgreSQL takes the whole staging table in each step (its readers
 * never wait, and one hashed pass is its fastest).
 */
const LINES_PGLITE = 5_000;
/** Members of the queue read per step on PGlite. */
const MEMBERS_PGLITE = 10_000;

/**
 * The duplicate-destination policy, once every row is checked. `skip`: a row with a destination
 * of a member of the queue, or of an earlier row, is reported and left out. `update`: a row whose
 * destination a later row repeats is replaced by it (reported, left out); a row with a member's
 * destination replaces that member on load (one row per member: the last). `allow`: every row is
 * a new member. After clearMembers, no member of the queue counts.
 *
 * In bounded steps: first a key table (destination: its first and last line in the file, the
 * lowest member of the queue holding it) is filled from ranges of lines and from ranges of the
 * queue's members, then ranges of lines are reported against it, each row reported taken out of
 * the staging table by the statement that reports it. Every step may run again after a crash:
 * the key table only ever takes the lowest first line, the highest last line and the lowest
 * member, which rows already taken out do not change, and a row left in has been found clean.
 *
 * `destinations` is the staging column of a row's destinations (`text[]` as text).
 */
export function memberSettle(destinations: string) {
  return async (
    raw: Database['raw'],
    scope: ImportScope,
    staging: string,
    options: Record<string, unknown>,
    step: SettleStep,
  ): Promise<void> => {
    const o = options as unknown as MemberImportOptions;
    const pglite = raw.driver === 'pglite';
    const [keys, targets] = scratchTables(staging);
    const begin = async (tx: RawTx) => {
      // Room to hash a whole staging table in memory on PostgreSQL, for this step only.
      if (!pglite) await tx.query(`set local work_mem = '128MB'`);
    };
    await step(async (tx) => {
      await tx.query(`alter table ${staging} add column if not exists target bigint`);
      return undefined;
    });
    if (o.duplicates === 'allow') return;
    const [{ max }] = await rawQuery<{ max: number | null }>(raw, `select max(line) as max from ${staging}`);
    if (max === null) return;
    // The staging table is complete now: its statistics keep each step's range an index scan.
    await rawQuery(raw, `analyze ${staging}`);

    /** `work` over each range of lines `from < line <= to`, a step each. */
    const byLines = async (work: (tx: RawTx, from: number, to: number) => Promise<Settled | undefined>) => {
      for (let from = 0; from < max; ) {
        const to = pglite ? Math.min(from + LINES_PGLITE, max) : max;
        const at = from;
        await step(async (tx) => {
          await begin(tx);
          return work(tx, at, to);
        });
        from = to;
      }
    };
    /** The destinations of the staged rows `$1 < line <= $2`, one row per destination. */
    const lines = `select s.line, u.dest from ${staging} s, unnest(s.${destinations}::text[]) as u(dest)
      where s.line > $1 and s.line <= $2`;
    /** Reports the rows of `bad` (line, message) and takes them out: how many. */
    const report = async (tx: RawTx, bad: string, params: unknown[]): Promise<Settled> => {
      const [out] = await tx.query<{ n: number }>(
        `with bad as (${bad}),
         reported as (
           insert into import_errors (import_id, line, field, message)
           select $${params.length + 1}, line, 'destination', message from bad
         ),
         gone as (delete from ${staging} s using bad b where s.line = b.line returning 1)
         select count(*)::int as n from gone`,
        [...params, scope.importId],
      );
      return { failed: 0, skipped: out.n };
    };

    await step(async (tx) => {
      await tx.query(
        `create table if not exists ${keys} (dest text primary key, first integer not null, last integer not null,
           member bigint)`,
      );
      return undefined;
    });
    await byLines(async (tx, from, to) => {
      await tx.query(
        `insert into ${keys} (dest, first, last)
         select dest, min(line), max(line) from (${lines}) d group by dest
         on conflict (dest) do update
           set first = least(${keys}.first, excluded.first), last = greatest(${keys}.last, excluded.last)`,
        [from, to],
      );
      return undefined;
    });
    await rawQuery(raw, `analyze ${keys}`);
    if (!o.clearMembers) {
      // The queue's members by ranges of ids (its index on queue and id): each destination's lowest member.
      let after = '0';
      for (let more = true; more; ) {
        await step(async (tx) => {
          await begin(tx);
          const [seen] = await tx.query<{ last: string | null; n: number }>(
            `with m as (
               select id, destinations from cc_queue_members where queue_id = $1 and id > $2::bigint order by id limit $3
             ),
             found as (select u.dest, min(m.id) as id from m, unnest(m.destinations) as u(dest) group by u.dest),
             hit as (
               update ${keys} k set member = least(k.member, f.id) from found f
               where k.dest = f.dest and (k.member is null or k.member > f.id)
             )
             select max(id)::text as last, count(*)::int as n from m`,
            [o.queueId, after, pglite ? MEMBERS_PGLITE : null],
          );
          more = pglite && seen.n === MEMBERS_PGLITE;
          after = seen.last ?? after;
          return undefined;
        });
      }
    }

    if (o.duplicates === 'skip') {
      await byLines((tx, from, to) =>
        report(
          tx,
          `select d.line, case when bool_or(k.member is not null) then $3::text
             else replace($4::text, '{{line}}', min(k.first)::text) end as message
           from (${lines}) d join ${keys} k on k.dest = d.dest
           group by d.line having bool_or(k.member is not null) or min(k.first) < d.line`,
          [from, to, m.destinationTaken, m.destinationRepeated],
        ),
      );
    } else {
      // update: the last row of a destination wins within the file…
      await byLines(async (tx, from, to) => {
        const out = await report(
          tx,
          `select d.line, replace($3::text, '{{line}}', max(k.last)::text) as message
           from (${lines}) d join ${keys} k on k.dest = d.dest
           group by d.line having max(k.last) > d.line`,
          [from, to, m.destinationReplaced],
        );
        // …and replaces the member that has it.
        if (!o.clearMembers)
          await tx.query(
            `update ${staging} s set target = x.id
             from (select d.line, min(k.member) as id from (${lines}) d join ${keys} k on k.dest = d.dest
                   where k.member is not null group by d.line) x
             where s.line = x.line and s.target is distinct from x.id`,
            [from, to],
          );
        return out;
      });
      if (!o.clearMembers) {
        // One row per member: the last.
        await step(async (tx) => {
          await tx.query(`create table if not exists ${targets} (member bigint primary key, last integer not null)`);
          return undefined;
        });
        await byLines(async (tx, from, to) => {
          await tx.query(
            `insert into ${targets} (member, last)
             select target, max(line) from ${staging} where line > $1 and line <= $2 and target is not null
             group by target
             on conflict (member) do update set last = greatest(${targets}.last, excluded.last)`,
            [from, to],
          );
          return undefined;
        });
        await byLines((tx, from, to) =>
          report(
            tx,
            `select s.line, replace($3::text, '{{line}}', t.last::text) as message
             from ${staging} s join ${targets} t on t.member = s.target
             where s.line > $1 and s.line <= $2 and t.last > s.line`,
            [from, to, m.destinationReplaced],
          ),
        );
      }
    }
    await step(async (tx) => {
      await tx.query(`drop table if exists ${keys}, ${targets}`);
      return undefined;
    });
  };
}
