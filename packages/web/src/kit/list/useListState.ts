import { FIRST_PAGE, filterParams, type ListFilter, PAGE_SIZE, PAGE_SIZES } from '@switchboard/model';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type FilterValues, filterDefaults, filterQuery } from './filters';

export type ListQuery = {
  page: number;
  size: number;
  q?: string;
  sort: string;
  [filter: string]: string | number | readonly string[] | undefined;
};

/** The search box holds the plain term; the API gets it with the trailing `*` (prefix match). */
export function searchTerm(q: string): string | undefined {
  const term = q.trim();
  if (!term) return undefined;
  return term.endsWith('*') ? term : `${term}*`;
}

/** Clicking a header sorts ascending by it, clicking again descending, and so on. */
export function nextSort(current: string, field: string): string {
  return current === `+${field}` ? `-${field}` : `+${field}`;
}

/** A page size the list offers; anything else in the URL falls back to the default. */
export function pageSize(raw: string | null): number {
  const n = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : PAGE_SIZE;
}

type Options = {
  /**
   * Prefix of this list's URL params (`numbers.page`): several lists on one screen (the tabs of
   * an editor) each keep their own state. The screen's main list has none.
   */
  ns?: string;
  filters?: readonly ListFilter[];
};

/** One empty list for every list without filters, so the query keeps its identity between renders. */
export const NO_FILTERS: readonly ListFilter[] = [];

type Change = { page?: number; size?: number; q?: string; sort?: string; filters?: FilterValues };

/**
 * List state (page, page size, search, sort, filters) lives in the URL search params, so a list
 * can be bookmarked, the Back button walks through earlier pages and searches, and an editor
 * opened from a row comes back to the list as it was. Defaults are left out of the URL.
 */
export function useListState(defaultSort: string, { ns = '', filters = NO_FILTERS }: Options = {}) {
  const [params, setParams] = useSearchParams();
  const key = useCallback((name: string) => (ns ? `${ns}.${name}` : name), [ns]);
  const page = Math.max(FIRST_PAGE, Number.parseInt(params.get(key('page')) ?? '', 10) || FIRST_PAGE);
  const size = pageSize(params.get(key('size')));
  const q = params.get(key('q')) ?? '';
  const sort = params.get(key('sort')) || defaultSort;
  const names = filters.flatMap(filterParams);
  const defaults = useMemo(() => filterDefaults(filters), [filters]);
  const valueKey = names
    .map((n) => `${n}${params.has(key(n)) ? '=' : '~'}${params.getAll(key(n)).join(',')}`)
    .join('&');
  // A param the URL lacks takes its filter's default; one present but empty was cleared.
  // biome-ignore lint/correctness/useExhaustiveDependencies: valueKey stands for the filter values in the URL
  const values = useMemo<FilterValues>(
    () =>
      Object.fromEntries(
        names.map((n) => [n, params.has(key(n)) ? params.getAll(key(n)).filter(Boolean) : (defaults[n] ?? [])]),
      ),
    [valueKey, defaults],
  );

  // The params as last set: two changes before the next render (a date range's two ends typed
  // quickly) must build on each other. The router's updater gets the params of the last render,
  // so the second change would drop the first. The router keeps one params object per location,
  // so a render for another reason (a key typed) does not take `latest` back to an older URL.
  const latest = useRef(params);
  const shown = useRef(params);
  if (shown.current !== params) {
    shown.current = params;
    latest.current = params;
  }
  const update = useCallback(
    (change: Change, replace = false) => {
      setParams(
        () => {
          const next = new URLSearchParams(latest.current);
          const put = (name: string, value: string | undefined, fallback: string) => {
            if (value === undefined) return;
            if (value === fallback || value === '') next.delete(key(name));
            else next.set(key(name), value);
          };
          put('page', change.page === undefined ? undefined : String(change.page), String(FIRST_PAGE));
          put('size', change.size === undefined ? undefined : String(change.size), String(PAGE_SIZE));
          put('q', change.q, '');
          put('sort', change.sort, defaultSort);
          for (const [name, list] of Object.entries(change.filters ?? {})) {
            next.delete(key(name));
            for (const v of list) if (v) next.append(key(name), v);
            // Clearing a filter with a default keeps it cleared, rather than back at its default.
            if (!next.has(key(name)) && defaults[name]) next.set(key(name), '');
          }
          latest.current = next;
          return next;
        },
        { replace },
      );
    },
    [setParams, defaultSort, key, defaults],
  );

  const setPage = useCallback((n: number) => update({ page: Math.max(FIRST_PAGE, n) }), [update]);
  /** Another page size starts from the first page. */
  const setSize = useCallback((n: number) => update({ size: n, page: FIRST_PAGE }), [update]);
  /** A new search starts from the first page. */
  const setSearch = useCallback((term: string) => update({ q: term.trim(), page: FIRST_PAGE }), [update]);
  const toggleSort = useCallback(
    (field: string) => update({ sort: nextSort(sort, field), page: FIRST_PAGE }),
    [update, sort],
  );
  /** A filter change starts from the first page. */
  const setFilters = useCallback((change: FilterValues) => update({ filters: change, page: FIRST_PAGE }), [update]);
  /** An empty page beyond the first steps back; it replaces the history entry so Back skips it. */
  const stepBack = useCallback(() => update({ page: Math.max(FIRST_PAGE, page - 1) }, true), [update, page]);

  const query = useMemo<ListQuery>(
    () => ({ ...filterQuery(filters, values), page, size, q: searchTerm(q), sort }),
    [filters, values, page, size, q, sort],
  );
  const filtered = Object.values(values).some((v) => v.length > 0);

  return {
    page,
    size,
    q,
    sort,
    values,
    filtered,
    query,
    setPage,
    setSize,
    setSearch,
    toggleSort,
    setFilters,
    stepBack,
  };
}
