import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { queryRows } from '../../../db/sql.js';
import { backendOf, folderOf, type StorageProfileRow } from '../../integrations/storage/backends.js';
import { ensureRoom, profileById, removePlaced } from '../../integrations/storage/files.js';

const DAY_MS = 86_400_000;
/** Entries read from the database at a time while a file is written. */
const BATCH = 1000;

type ConfigRow = {
  id: number;
  domainId: number;
  domain: string;
  object: string;
  period: number;
  storageId: number;
  exportedUntil: string | null;
};

/** One line of an export: an entry as stored (states masked as the writer masked them). */
export type ExportedEntry = {
  id: number;
  date: string;
  action: string;
  object: string;
  recordId: number | null;
  userId: number | null;
  userIp: string;
  newState: unknown;
  oldState: unknown;
};

export type ExportCounts = { exported: number; expired: number; failed: number };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The closed periods of a config still to export, as [start, end) in epoch milliseconds.
 *
 * Periods are consecutive windows of `period` days aligned to UTC midnights counted from the Unix
 * epoch (window n covers [n·period, (n+1)·period) days). A period is closed once its end has
 * passed. Periods are taken from the end of the config's last export on (`exported_until`, kept
 * when exports expire; the first export starts with the oldest entry still stored); after a change of `period` the first window is cut to
 * start where the last export ended, so no entry is exported twice or skipped. Periods without
 * entries write no file and no row.
 */
async function pendingPeriods(ctx: AppContext, config: ConfigRow, now: number): Promise<Array<[number, number]>> {
  const length = config.period * DAY_MS;
  const closedEnd = Math.floor(now / length) * length;
  const from = config.exportedUntil ? Date.parse(config.exportedUntil) : Number.NEGATIVE_INFINITY;
  const windows = await queryRows<{ n: string | number }>(
    ctx.db,
    sql`select distinct floor(extract(epoch from date) * 1000 / ${length})::bigint as n from logger_entries
      where domain_id = ${config.domainId} and object = ${config.object} and action in ('create', 'update', 'delete')
        and date < to_timestamp(${closedEnd}::float8 / 1000)
        ${Number.isFinite(from) ? sql`and date >= to_timestamp(${from}::float8 / 1000)` : sql``}
      order by n`,
  );
  return windows.map(({ n }) => {
    const start = Number(n) * length;
    return [Math.max(start, from), start + length];
  });
}

/** Writes a period's entries as JSON lines to a temporary file; answers its size and line count. */
async function writePeriod(
  ctx: AppContext,
  config: ConfigRow,
  [start, end]: [number, number],
  file: string,
): Promise<{ size: number; count: number }> {
  const out = fs.createWriteStream(file);
  let count = 0;
  let after = 0;
  try {
    for (;;) {
      const rows = await queryRows<ExportedEntry>(
        ctx.db,
        sql`select id::float8 as id, to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
            action, object, record_id as "recordId", user_id as "userId", user_ip as "userIp",
            new_state as "newState", old_state as "oldState"
          from logger_entries
          where domain_id = ${config.domainId} and object = ${config.object}
            and action in ('create', 'update', 'delete')
            and date >= to_timestamp(${start}::float8 / 1000) and date < to_timestamp(${end}::float8 / 1000)
            and id > ${after}
          order by id limit ${BATCH}`,
      );
      for (const row of rows) {
        if (!out.write(`${JSON.stringify(row)}\n`))
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      count += rows.length;
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
  } finally {
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
  return { size: (await fs.promises.stat(file)).size, count };
}

/** The key of a period's file: the profile's folder for the period's first day, then its name. */
export function exportKey(profile: StorageProfileRow, domain: string, object: string, [start, end]: [number, number]) {
  const folder = folderOf(profile, domain, new Date(start));
  return `${folder ? `${folder}/` : ''}changelog-${object}-${day(start)}-${day(end - DAY_MS)}.jsonl`;
}

/**
 * Exports every closed period not yet exported of each config naming a storage profile.
 *
 * The scheduled run happens once per slot across API nodes; should two runs meet anyway, both
 * write the same key with the same bytes and the unique index (config, period start) keeps one
 * row. A config whose profile fails is reported and tried again on the next run.
 */
export async function exportLogs(
  ctx: AppContext,
  log: (error: unknown, configId: number) => void,
  now = Date.now(),
): Promise<number> {
  const configs = await queryRows<ConfigRow>(
    ctx.db,
    sql`select c.id, c.domain_id as "domainId", d.name as domain, c.object, c.period, c.storage_id as "storageId",
        to_char(c.exported_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "exportedUntil"
      from logger_config c join domains d on d.id = c.domain_id where c.storage_id is not null order by c.id`,
  );
  let exported = 0;
  for (const config of configs) {
    try {
      const profile = await profileById(ctx.db, config.domainId, config.storageId);
      if (!profile) continue;
      for (const period of await pendingPeriods(ctx, config, now)) {
        const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sb-log-export-'));
        try {
          const file = path.join(dir, 'export.jsonl');
          const { size, count } = await writePeriod(ctx, config, period, file);
          if (count === 0) continue;
          await ensureRoom(ctx.db, profile, size, 'storage');
          const key = exportKey(profile, config.domain, config.object, period);
          const backend = backendOf(profile, ctx.config);
          const stored = await backend.put(key, file, size, 'application/x-ndjson');
          const inserted = await queryRows<{ id: number }>(
            ctx.db,
            sql`insert into logger_exports
                (domain_id, config_id, period_start, period_end, storage_profile_id, storage_key, size, count)
              values (${config.domainId}, ${config.id}, to_timestamp(${period[0]}::float8 / 1000),
                to_timestamp(${period[1]}::float8 / 1000), ${profile.id}, ${stored}, ${size}, ${count})
              on conflict (config_id, period_start) do nothing returning id`,
          );
          // Another run stored this period first: a copy kept under its own key (a Drive file) goes.
          if (inserted.length === 0 && stored !== key) {
            await removePlaced(ctx.config, { profile, key: stored }, (error) => log(error, config.id));
          }
          exported += inserted.length;
          await ctx.db.execute(
            sql`update logger_config set exported_until = greatest(exported_until, to_timestamp(${period[1]}::float8 / 1000))
              where id = ${config.id}`,
          );
        } finally {
          await fs.promises.rm(dir, { recursive: true, force: true });
        }
      }
    } catch (error) {
      log(error, config.id);
    }
  }
  return exported;
}

/**
 * Removes exports (file and row) created more than their profile's expireDays ago; a profile
 * with expireDays 0 keeps its exports for ever. A file that cannot be removed is reported; its
 * row goes all the same (the export is expired either way).
 */
export async function expireLogExports(ctx: AppContext, log: (error: unknown) => void, now = Date.now()) {
  const rows = await queryRows<{ id: number; domainId: number; profileId: number; key: string }>(
    ctx.db,
    sql`select e.id, e.domain_id as "domainId", e.storage_profile_id as "profileId", e.storage_key as key
      from logger_exports e join storage_profiles p on p.id = e.storage_profile_id
      where p.expire_days > 0
        and e.created_at < to_timestamp(${now}::float8 / 1000) - make_interval(days => p.expire_days)`,
  );
  let expired = 0;
  for (const row of rows) {
    const profile = await profileById(ctx.db, row.domainId, row.profileId);
    if (profile) await removePlaced(ctx.config, { profile, key: row.key }, log);
    const gone = await queryRows<{ id: number }>(
      ctx.db,
      sql`delete from logger_exports where id = ${row.id} returning id`,
    );
    expired += gone.length;
  }
  return expired;
}

/** The scheduled run: exports closed periods, then removes expired exports. */
export async function runLogExports(
  ctx: AppContext,
  log: (error: unknown, configId?: number) => void,
  now = Date.now(),
): Promise<ExportCounts> {
  let failed = 0;
  const exported = await exportLogs(
    ctx,
    (error, configId) => {
      failed++;
      log(error, configId);
    },
    now,
  );
  const expired = await expireLogExports(ctx, (error) => log(error), now);
  return { exported, expired, failed };
}
