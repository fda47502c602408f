import { filterParams, type ListFilter, messages } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ident } from '../../db/sql.js';
import type { AnyResourceDef, ResourceBinding } from './types.js';

type FieldError = { field: string; message: string };

/** One declared filter, bound to its column: turns the query's params into SQL conditions. */
export type CompiledFilter = (query: Record<string, unknown>) => SQL[] | FieldError;

const many = (value: unknown): string[] =>
  (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]).filter((v) => v !== '');

const one = (value: unknown): string | undefined => many(value)[0];

/** The column a filter compares: a ref's `<field>Id` column, else the field's own (or its binding's). */
function columnOf(
  def: AnyResourceDef,
  binding: ResourceBinding,
  columns: Record<string, PgColumn>,
  filter: ListFilter,
) {
  const key = filter.kind === 'ref' ? `${filter.key}Id` : filter.key;
  const col = columns[key];
  if (col) return `t.${ident(col.name)}`;
  const bound = binding.fields?.[filter.key]?.column;
  if (bound && filter.kind !== 'ref') return bound;
  throw new Error(`${def.name}: filter ${filter.key} has no column ${key}`);
}

/** A finite number from a param, or an error naming it. */
function numberParam(param: string, raw: string | undefined): number | undefined | FieldError {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : { field: param, message: messages.numeric };
}

/** The largest id a record has (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/** The last millisecond of the year 9999, the latest time the database stores. */
const MAX_TIME_MS = 253_402_300_799_999;

/** Epoch milliseconds from a param, within what the database stores, or an error naming it. */
function timeParam(param: string, raw: string | undefined): number | undefined | FieldError {
  const n = numberParam(param, raw);
  if (n === undefined || isError(n)) return n;
  return n >= 0 && n <= MAX_TIME_MS ? n : { field: param, message: messages.timeRange };
}

const isError = (v: unknown): v is FieldError => typeof v === 'object' && v !== null && 'message' in v;

/** The conditions of a range's bounds, each given one (the first bound's error, else the second's). */
function range(
  low: number | undefined | FieldError,
  high: number | undefined | FieldError,
  from: (low: number) => SQL,
  to: (high: number) => SQL,
): SQL[] | FieldError {
  if (isError(low)) return low;
  if (isError(high)) return high;
  const out: SQL[] = [];
  if (low !== undefined) out.push(from(low));
  if (high !== undefined) out.push(to(high));
  return out;
}

/**
 * The filters a definition declares, as SQL over the row alias `t`: enum values and ref ids by
 * equality (several values: any of them), date ranges as epoch milliseconds (both ends included),
 * number ranges likewise. A value the filter does not take is a field error naming its param.
 */
export function compileFilters(
  def: AnyResourceDef,
  binding: ResourceBinding,
  columns: Record<string, PgColumn>,
): CompiledFilter[] {
  return (def.filters ?? []).map((filter) => compileFilter(filter, sql.raw(columnOf(def, binding, columns, filter))));
}

/** The SQL of one filter over its column. */
function compileFilter(filter: ListFilter, col: SQL): CompiledFilter {
  switch (filter.kind) {
    case 'enum':
      return (query) => {
        const values = many(query[filter.key]);
        const unknown = values.find((v) => !filter.options.includes(v));
        if (unknown !== undefined) {
          return { field: filter.key, message: `${messages.oneOf}: ${filter.options.join(', ')}` };
        }
        if (values.length > 1 && !filter.multiple) return { field: filter.key, message: 'Takes one value' };
        if (!values.length) return [];
        return [
          sql`${col} in (${sql.join(
            values.map((v) => sql`${v}`),
            sql`, `,
          )})`,
        ];
      };
    case 'ref':
      return (query) => {
        const raw = one(query[filter.key]);
        if (raw === undefined) return [];
        if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) return { field: filter.key, message: messages.idType };
        return [sql`${col} = ${Number(raw)}`];
      };
    case 'dateRange':
      return (query) =>
        range(
          timeParam(filter.from, one(query[filter.from])),
          timeParam(filter.to, one(query[filter.to])),
          (from) => sql`${col} >= to_timestamp(${from / 1000})`,
          (to) => sql`${col} <= to_timestamp(${to / 1000})`,
        );
    case 'text':
      return (query) => {
        const value = one(query[filter.key])?.trim();
        return value ? [sql`${col} = ${value}`] : [];
      };
    case 'numberRange':
      // As numeric: a fraction compared with a whole-number column is no input error.
      return (query) =>
        range(
          numberParam(filter.min, one(query[filter.min])),
          numberParam(filter.max, one(query[filter.max])),
          (min) => sql`${col} >= ${min}::numeric`,
          (max) => sql`${col} <= ${max}::numeric`,
        );
  }
}

/** The conditions of every declared filter, or the first field error. */
export function filterConditions(
  filters: readonly CompiledFilter[],
  query: Record<string, unknown>,
): SQL[] | FieldError {
  const out: SQL[] = [];
  for (const filter of filters) {
    const found = filter(query);
    if (!Array.isArray(found)) return found;
    out.push(...found);
  }
  return out;
}

/** OpenAPI of the declared filters' params. */
export function filterDocs(def: AnyResourceDef) {
  return Object.fromEntries(
    (def.filters ?? []).flatMap((filter) =>
      filterParams(filter).map((param) => [
        param,
        z
          .union([z.string(), z.array(z.string())])
          .optional()
          .describe(`Filter ${filter.key} (${filter.kind})`),
      ]),
    ),
  );
}
