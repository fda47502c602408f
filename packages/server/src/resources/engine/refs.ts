import { BYPASS_PERMISSION, errorDetail, type RefDef, type ResourceDef, rightBit } from '@switchboard/model';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { recordChecksOn } from '../../access/record-filter.js';
import { classAllows } from '../../access/rights.js';
import { HttpError } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import type { Db } from '../../db/client.js';
import { ident, queryRows, type Row } from '../../db/sql.js';
import type { ResourceBinding } from './types.js';

/** What a reference needs to know of the resource it points at. */
export type RefTarget = { table: PgTable; label?: (alias: string) => string };

/** Served resources by definition name, filled as each is defined; references resolve through it. */
const targets = new Map<string, RefTarget>();

export function registerRefTarget(name: string, target: RefTarget) {
  targets.set(name, target);
}

/** One reference field, resolved against the tables on both sides. */
export type CompiledRef = {
  field: string;
  target: ResourceDef;
  targetTable: string;
  label: string;
  /** Item fields the target must hold, as `[field, column over alias r, value]`. */
  filter: [string, string, string][];
  /** The readable-condition marker for the target (see `viewText`), or `true` where anyone may read it. */
  readable: string;
  /** A single reference: the Drizzle key and the SQL name of its column. */
  column?: { key: string; name: string };
  /** A list: the join table with its column to this resource's row and to the target's. */
  through?: { table: string; own: string; other: string };
};

const MARKER = /\/\*readable:([a-z_]+):([01])\*\//g;

/**
 * The condition under which the caller may read the target record (alias `r`). It depends on
 * the caller, so compiled SQL holds a marker that `viewText` replaces per request: class rights
 * and record rights are inlined as literals (class names are ours, role ids integers).
 */
function readableMarker(target: ResourceDef): string {
  if (!target.objClass) return 'true';
  return `/*readable:${target.objClass}:${target.recordAcl ? 1 : 0}*/`;
}

function readableFor(principal: Principal, cls: string, rbac: boolean): string {
  if (!classAllows(principal, cls, 'r')) return 'false';
  if (!rbac || !recordChecksOn(principal, cls) || principal.permissions.has(BYPASS_PERMISSION.r)) return 'true';
  const roles = principal.roleIds.map((id) => String(Math.trunc(id)));
  if (!roles.length) return 'false';
  return `exists (select 1 from record_acl a where a.class = '${cls}' and a.record_id = r.id and a.grantee_id in (${roles.join(', ')}) and (a.access & ${rightBit('r')}) <> 0)`;
}

/**
 * The condition (over the alias `r` of `target`'s table) under which the caller may read a
 * record: for lookups that list what the caller may reference (an import's buckets, say).
 */
export const readableCondition = (target: ResourceDef, principal: Principal): string =>
  `(${viewText(readableMarker(target), principal)})`;

/** Compiled SQL as one caller may run it: references to records it may not read lose their names. */
export function viewText(text: string, principal: Principal): string {
  if (!text.includes('/*readable:')) return text;
  return text.replace(MARKER, (_, cls: string, rbac: string) => `(${readableFor(principal, cls, rbac === '1')})`);
}

const foreignKeys = (table: PgTable) =>
  getTableConfig(table).foreignKeys.map((k) => {
    const r = k.reference();
    return { columns: r.columns.map((c) => c.name), foreignTable: getTableName(r.foreignTable) };
  });

/** Resolves the references a definition declares against the binding's tables. */
export function compileRefs(def: ResourceDef, binding: ResourceBinding): CompiledRef[] {
  const own = getTableName(binding.table);
  const columns = getTableColumns(binding.table) as Record<string, PgColumn>;
  return Object.entries(def.refs ?? {}).map(([field, decl]: [string, RefDef]) => {
    const target = decl.to();
    const found = targets.get(target.name);
    if (!found) throw new Error(`${def.name}.${field}: ${target.name} is not a served resource`);
    const targetTable = getTableName(found.table);
    const targetColumns = getTableColumns(found.table) as Record<string, PgColumn>;
    const filter = Object.entries(decl.filter ?? {}).map(([key, value]): [string, string, string] => {
      const col = targetColumns[key];
      if (!col) throw new Error(`${def.name}.${field}: ${target.name} has no column for filter ${key}`);
      return [key, `r.${ident(col.name)}`, value];
    });
    const base = {
      field,
      target,
      targetTable,
      label: found.label?.('r') ?? 'r.name',
      filter,
      readable: readableMarker(target),
    };
    const stored = binding.refs?.[field];
    if (decl.many) {
      if (!(stored instanceof PgTable))
        throw new Error(`${def.name}.${field}: a list of references needs a join table`);
      const keys = foreignKeys(stored);
      const ownKey = keys.find((k) => k.foreignTable === own && k.columns.length === 1);
      const otherKey = keys.find((k) => k !== ownKey && k.foreignTable === targetTable && k.columns.length === 1);
      if (!ownKey || !otherKey) {
        throw new Error(`${def.name}.${field}: the join table needs foreign keys to ${own} and ${targetTable}`);
      }
      return {
        ...base,
        through: { table: getTableName(stored), own: ownKey.columns[0], other: otherKey.columns[0] },
      };
    }
    const key =
      stored && !(stored instanceof PgTable)
        ? Object.entries(columns).find(([, c]) => c === stored)?.[0]
        : columns[`${field}Id`]
          ? `${field}Id`
          : undefined;
    if (!key) throw new Error(`${def.name}.${field}: a reference needs its column (${field}Id, or one in refs)`);
    return { ...base, column: { key, name: columns[key].name } };
  });
}

const named = (r: CompiledRef) =>
  `json_strip_nulls(json_build_object('id', r.id, 'name', case when ${r.readable} then ${r.label} end))`;

/**
 * A reference written by hand (inside a nested field, or read through another record): the
 * `{id, name}` of the `target` record whose id `idSql` yields, its name left out where the caller
 * may not read it, as the declared references answer. The text holds a readable-condition marker:
 * it goes through `viewText` with the rest of the compiled select.
 */
export function refNameSql(target: ResourceDef, table: string, idSql: string, label = 'r.name'): string {
  return `(select json_strip_nulls(json_build_object('id', r.id, 'name', case when ${readableMarker(target)} then ${label} end))
    from ${ident(table)} r where r.id = ${idSql})`;
}

/** The answer: `{id, name}` (name left out where unreadable), or a list of them by name. */
export function refSelect(r: CompiledRef): string {
  const table = ident(r.targetTable);
  if (r.column) return `(select ${named(r)} from ${table} r where r.id = t.${ident(r.column.name)})`;
  const j = r.through!;
  return `coalesce((select json_agg(${named(r)} order by case when ${r.readable} then ${r.label} end, r.id)
    from ${ident(j.table)} j join ${table} r on r.id = j.${ident(j.other)} where j.${ident(j.own)} = t.id), '[]'::json)`;
}

/** Sorting by a single reference sorts by the name the caller sees (unreadable ones last). */
export function refSort(r: CompiledRef): string | null {
  if (!r.column) return null;
  return `(select case when ${r.readable} then ${r.label} end from ${ident(r.targetTable)} r where r.id = t.${ident(r.column.name)})`;
}

type RefValue = { id: number } | null;

export const refIds = (r: CompiledRef, value: unknown): number[] =>
  r.through
    ? ((value as RefValue[] | undefined) ?? []).map((v) => v!.id)
    : (value as RefValue)?.id
      ? [(value as { id: number }).id]
      : [];

export type RefProblem = { field: string; key: 'noSuchRef' | 'refFilter'; params: Record<string, string> };

/**
 * Of `ids`, the records of `target` (table `table`) in the caller's domain that the caller may
 * read (class right, and under rbac a record right), each with the text of the `filter` columns
 * it is asked about (`f_<key>`). The one check every written reference goes through: the
 * declared ones below, and those written by hand (a member's communications, a bulk load, an
 * import) through `unreadableRefs`.
 */
export async function readableRecords(
  db: Db,
  target: ResourceDef,
  table: string,
  ids: readonly number[],
  principal: Principal,
  filter: readonly [string, string, string][] = [],
): Promise<Map<number, Row>> {
  const fresh = [...new Set(ids)];
  if (!fresh.length) return new Map();
  const filterCols = filter.map(([key, col]) => `${col}::text as ${ident(`f_${key}`)}`);
  const text = viewText(
    `select r.id, (${readableMarker(target)}) as readable${filterCols.map((c) => `, ${c}`).join('')} from ${ident(table)} r`,
    principal,
  );
  const rows = await queryRows<Row>(
    db,
    sql`${sql.raw(text)} where r.domain_id = ${principal.domainId} and r.id in ${fresh}`,
  );
  return new Map(rows.filter((row) => row.readable === true).map((row) => [Number(row.id), row]));
}

/** The table a served resource lives in, by its definition. */
export function tableOf(target: ResourceDef): string {
  const found = targets.get(target.name);
  if (!found) throw new Error(`${target.name} is not a served resource`);
  return getTableName(found.table);
}

/**
 * References written by hand, as `[field, id]` pairs to records of `target`: the fields of those
 * the caller may not make (missing, of another domain or unreadable: one answer for all three).
 */
export async function unreadableRefs(
  db: Db,
  target: ResourceDef,
  refs: readonly (readonly [string, number])[],
  principal: Principal,
): Promise<RefProblem[]> {
  if (!refs.length) return [];
  const readable = await readableRecords(
    db,
    target,
    tableOf(target),
    refs.map(([, id]) => id),
    principal,
  );
  return refs
    .filter(([, id]) => !readable.has(id))
    .map(([field]) => ({ field, key: 'noSuchRef' as const, params: { resource: target.name } }));
}

/**
 * References in a body that the caller may not make: to a record that does not exist, is of
 * another domain or the caller may not read (one answer for all three, so ids cannot be probed),
 * or outside the declared filter. A reference the record already held is kept without a check.
 */
export async function refProblems(
  tx: Db,
  refs: readonly CompiledRef[],
  body: Row,
  old: Row | null,
  principal: Principal,
): Promise<RefProblem[]> {
  const out: RefProblem[] = [];
  for (const r of refs) {
    if (!(r.field in body)) continue;
    const ids = refIds(r, body[r.field]);
    const kept = new Set(old ? refIds(r, old[r.field]) : []);
    const fresh = ids.filter((id) => !kept.has(id));
    if (!fresh.length) continue;
    const byId = await readableRecords(tx, r.target, r.targetTable, fresh, principal, r.filter);
    ids.forEach((id, index) => {
      if (kept.has(id)) return;
      const field = r.through ? `${r.field}.${index}` : r.field;
      const row = byId.get(id);
      if (!row) {
        out.push({ field, key: 'noSuchRef', params: { resource: r.target.name } });
        return;
      }
      const wrong = r.filter.find(([key, , value]) => row[`f_${key}`] !== value);
      if (wrong)
        out.push({ field, key: 'refFilter', params: { resource: r.target.name, field: wrong[0], value: wrong[2] } });
    });
  }
  return out;
}

/** Puts single references into the row (their column holds the id, or null). */
export function writeRefColumns(refs: readonly CompiledRef[], body: Row, row: Row) {
  for (const r of refs) {
    if (r.column && r.field in body) row[r.column.key] = refIds(r, body[r.field])[0] ?? null;
  }
}

/** Replaces the join rows of every list of references in the body. */
export async function writeRefLists(tx: Db, refs: readonly CompiledRef[], body: Row, recordId: number) {
  for (const r of refs) {
    const j = r.through;
    if (!j || !(r.field in body)) continue;
    const ids = [...new Set(refIds(r, body[r.field]))];
    await tx.execute(sql`delete from ${sql.identifier(j.table)} where ${sql.identifier(j.own)} = ${recordId}`);
    if (!ids.length) continue;
    const values = sql.join(
      ids.map((id) => sql`(${recordId}, ${id})`),
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${sql.identifier(j.table)} (${sql.identifier(j.own)}, ${sql.identifier(j.other)}) values ${values}`,
    );
  }
}

/** 400 naming each refused reference, with the message key the console says in its language. */
export function refError(name: string, problems: RefProblem[], prefix = ''): HttpError {
  const fields = problems.map((p) => ({
    field: `${prefix}${p.field}`,
    message: errorDetail(p.key, p.params),
    key: `errors.${p.key}`,
    params: p.params,
  }));
  return new HttpError(400, `app.${name}.validation`, fields.map((f) => `${f.field}: ${f.message}`).join('; '), fields);
}
