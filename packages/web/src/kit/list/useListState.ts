import { FIRST_PAGE, PAGE_SIZE } from '@switchboard/model';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListQuery = { page: number; size: number; q?: string; sort: string };

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

/**
 * List state (page, search, sort) lives in the URL search params, so a list can be bookmarked and
 * the Back button walks through earlier pages and searches. Defaults are left out of the URL.
 */
export function useListState(defaultSort: string) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(FIRST_PAGE, Number.parseInt(params.get('page') ?? '', 10) || FIRST_PAGE);
  const q = params.get('q') ?? '';
  const sort = params.get('sort') || defaultSort;

  const update = useCallback(
    (change: { page?: number; q?: string; sort?: string }, replace = false) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const put = (key: string, value: string | undefined, fallback: string) => {
            if (value === undefined) return;
            if (value === fallback || value === '') next.delete(key);
            else next.set(key, value);
          };
          put('page', change.page === undefined ? undefined : String(change.page), String(FIRST_PAGE));
          put('q', change.q, '');
          put('sort', change.sort, defaultSort);
          return next;
        },
        { replace },
      );
    },
    [setParams, defaultSort],
  );

  const setPage = useCallback((n: number) => update({ page: Math.max(FIRST_PAGE, n) }), [update]);
  /** A new search starts from the first page. */
  const setSearch = useCallback((term: string) => update({ q: term.trim(), page: FIRST_PAGE }), [update]);
  const toggleSort = useCallback(
    (field: string) => update({ sort: nextSort(sort, field), page: FIRST_PAGE }),
    [update, sort],
  );
  /** An empty page beyond the first steps back; it replaces the history entry so Back skips it. */
  const stepBack = useCallback(() => update({ page: Math.max(FIRST_PAGE, page - 1) }, true), [update, page]);

  const query = useMemo<ListQuery>(() => ({ page, size: PAGE_SIZE, q: searchTerm(q), sort }), [page, q, sort]);

  return { page, q, sort, query, setPage, setSearch, toggleSort, stepBack };
}
