import { FIRST_PAGE, MAX_PAGE_SIZE, messages, PAGE_SIZE } from '@switchboard/model';
import { validationError } from '../../core/route.js';

export type SortSpec = { field: string; desc: boolean };

export type ListQuery = {
  page: number;
  size: number;
  /** The search term as sent, without the trailing `*`; null searches nothing. */
  q: string | null;
  /** A trailing `*` asked for a prefix match; otherwise the match is exact (case-insensitive). */
  prefix: boolean;
  sort: SortSpec | null;
  fields: string[] | null;
  ids: number[] | null;
};

export type QueryError = { field: string; message: string };

export const queryError = (name: string, e: QueryError) => validationError(name, [e]);

/** What a list accepts, taken from the resource definition once. */
export type ListSpec = { fields: ReadonlySet<string>; sort: ReadonlySet<string> };

const MAX_INT = 2_147_483_647;

const many = (value: unknown): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

const one = (value: unknown): string | undefined => (Array.isArray(value) ? String(value[0]) : (value as string));

function positiveInt(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= MAX_INT ? n : null;
}

/** `%`, `_` and `\` are literal in a search: the client sends text, never a pattern. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `+name`, `-name` or `name`; a `+` decoded from a raw URL arrives as a space. */
export function parseSort(raw: string, allowed: ReadonlySet<string>): SortSpec | null {
  const m = /^([ +-]?)(.+)$/.exec(raw);
  if (!m || !allowed.has(m[2])) return null;
  return { field: m[2], desc: m[1] === '-' };
}

/** Reads `page`, `size`, `q`, `sort`, `fields` and `id`; any bad value is named in the error. */
/** `maxSize` is the server's LIST_MAX_PAGE_SIZE (MAX_PAGE_SIZE unless configured). */
export function parseListQuery(
  spec: ListSpec,
  query: Record<string, unknown>,
  maxSize = MAX_PAGE_SIZE,
): ListQuery | QueryError {
  const page = positiveInt(one(query.page), FIRST_PAGE);
  if (page === null) return { field: 'page', message: 'page must be a whole number from 1' };
  const size = positiveInt(one(query.size), PAGE_SIZE);
  if (size === null || size > maxSize) {
    return { field: 'size', message: `size must be a whole number from 1 to ${maxSize}` };
  }

  let sort: SortSpec | null = null;
  const rawSort = one(query.sort);
  if (rawSort !== undefined && rawSort !== '') {
    sort = parseSort(rawSort, spec.sort);
    if (!sort) return { field: 'sort', message: `Unknown sort value "${rawSort}"` };
  }

  let fields: string[] | null = null;
  const rawFields = many(query.fields).flatMap((f) => f.split(','));
  if (rawFields.length) {
    fields = [];
    for (const f of rawFields) {
      const name = f.trim();
      if (!name) continue;
      if (!spec.fields.has(name)) return { field: 'fields', message: `Unknown field "${f}"` };
      if (!fields.includes(name)) fields.push(name);
    }
    if (!fields.length) fields = null;
  }

  let ids: number[] | null = null;
  const rawIds = many(query.id);
  if (rawIds.length) {
    ids = [];
    for (const raw of rawIds) {
      const n = positiveInt(raw, 0);
      if (!n) return { field: 'id', message: `id must be a whole number (got "${raw}")` };
      ids.push(n);
    }
  }

  let q: string | null = null;
  let prefix = false;
  const rawQ = one(query.q);
  if (rawQ?.includes('\0')) return { field: 'q', message: messages.nulCharacter };
  if (rawQ) {
    const term = rawQ.replace(/\*+$/, '');
    prefix = term.length !== rawQ.length;
    // A lone `*` matches everything.
    q = term === '' ? null : term;
  }
  return { page, size, q, prefix, sort, fields, ids };
}

export const isQueryError = (v: ListQuery | QueryError): v is QueryError => 'message' in v;
