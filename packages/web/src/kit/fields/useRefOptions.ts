import type { ListAnswer, Ref } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import { searchTerm } from '../list/useListState';

/** How many choices a lookup offers at once; typing narrows them through the API search. */
export const LOOKUP_SIZE = 100;

/**
 * Records to choose from: lookups ask only for id and name, searched as the user types; `extra`
 * filters. A picker that cannot be changed (`enabled` false) asks nothing.
 */
export function useRefOptions(path: string, search: string, extra?: Record<string, unknown>, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [path, 'lookup', search, extra ?? null],
    queryFn: ({ signal }) =>
      api.get<ListAnswer<Ref>>(path, {
        query: { ...extra, fields: ['id', 'name'], size: LOOKUP_SIZE, q: searchTerm(search) },
        signal,
      }),
    staleTime: 30_000,
  });
}
