import { createGrants } from '../../access/grants-on-create.js';
import { rawQuery, rawTransaction } from '../../db/raw.js';
import type { ImportRoles, Params } from './importer.js';
import { Ended, type PhaseRun, yieldToRequests } from './phase.js';

/**
 * File lines loaded per transaction on PGlite; PostgreSQL loads in one statement (its readers
 * never wait). A chunk holds the embedded database for its whole transaction: 1,000 lines keep
 * that to a fraction of a second.
 */
const LOAD_CHUNK_PGLITE = 1_000;
/**
 * The loading phase: staged rows go into the resource's table in line order, with what a create
 * writes besides (record permissions, change log). A key someone else took meanwhile is reported,
 * not loaded. Each transaction moves the watermark with the rows, so a resumed run loads the rest.
 */
export async function load(run: PhaseRun) {
  const { ctx, importer, scope, staging, mark, progress, goOn } = run;
  const raw = ctx.raw!;
  const [state] = await rawQuery<{ loaded_through: number; max: number | null; mode: string }>(
    raw,
    `select i.loaded_through, i.mode, (select max(line) from ${staging}) as max from imports i where i.id = $1`,
    [scope.importId],
  );
  if (state.max === null) return;
  // Statistics of the staging table as it is now, complete, in every run that loads (a fresh one
  // and one resumed after a crash alike): the analysis of the checking phase saw its first chunk
  // only, so a range of lines past it was estimated at one row, and a run resumed into loading
  // had not even that (PGlite runs no autovacuum).
  await rawQuery(raw, `analyze ${staging}`);
  const roles: ImportRoles = { grants: new Map() };
  if (importer.afterInsert && scope.userId !== null) {
    const [cls] = [importer.compiled.recordClass ?? importer.def.objClass];
    const ids = await rawQuery<{ role_id: number }>(raw, 'select role_id from user_roles where user_id = $1', [
      scope.userId,
    ]);
    if (cls)
      roles.grants = await createGrants(
        ctx.db,
        scope.domainId,
        ids.map((r) => r.role_id),
        cls,
      );
  }
  const options =
    (
      await rawQuery<{ options: Record<string, unknown> | null }>(raw, 'select options from imports where id = $1', [
        scope.importId,
      ])
    )[0]?.options ?? {};
  const fixed = importer.fixed(scope);
  const fixedCols = Object.keys(fixed);
  let from = state.loaded_through;
  while (from < state.max) {
    const to = raw.driver === 'pglite' ? Math.min(from + LOAD_CHUNK_PGLITE, state.max) : state.max;
    const cancel = await rawTransaction(raw, async (tx) => {
      if (importer.loadRange) {
        const loaded = await importer.loadRange(tx, scope, staging, { from, to }, options);
        return mark(tx, 'loaded_through = $3, rows_loaded = rows_loaded + $4', [to, loaded]);
      }
      const params: unknown[] = [scope.importId, importer.keyField, importer.takenMessage, from, to];
      const p: Params = { p: (value) => `$${params.push(value)}` };
      const values = [
        ...fixedCols.map((k) => p.p(fixed[k])),
        ...importer.columns.map((c, i) => (c.cast ? `s.c${i}::${c.cast}` : `s.c${i}`)),
      ];
      const extra = importer.afterInsert?.(scope, p, roles) ?? [];
      const [out] = await tx.query<{ loaded: number; lost: number }>(
        `with ins as (
           insert into ${importer.table} (${[...fixedCols, ...importer.columns.map((c) => c.column)].join(', ')})
           select ${values.join(', ')} from ${staging} s where s.line > $4 and s.line <= $5 order by s.line
           on conflict do nothing returning ${importer.afterInsert ? '*, ' : 'id, '}${importer.insertedKey} as "__key"
         )${extra.map((cte, i) => `, extra${i} as (${cte})`).join('')},
         lost as (
           -- Keys someone else took since they were checked: rare, so only looked for when rows are missing.
           insert into import_errors (import_id, line, field, message)
           select $1, s.line, $2, $3 from ${staging} s
           where (select count(*) from ins) < (select count(*) from ${staging} c where c.line > $4 and c.line <= $5)
             and s.line > $4 and s.line <= $5 and not exists (select 1 from ins where ins."__key" = s.key)
           returning 1
         )
         select (select count(*) from ins)::int as loaded, (select count(*) from lost)::int as lost`,
        params,
      );
      return mark(tx, 'loaded_through = $3, rows_loaded = rows_loaded + $4, rows_failed = rows_failed + $5', [
        to,
        out.loaded,
        out.lost,
      ]);
    });
    from = to;
    await progress();
    await yieldToRequests();
    if (cancel && state.mode === 'skip' && from < state.max) throw new Ended('cancelled', 'importCancelled');
    if (from < state.max) goOn();
  }
}
