import type { ListAnswer } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api';

export const FLOW_TAGS_PATH = '/routing/schema/tags';
const TAG_CHOICES = 100;

/** Tags of the domain's flows starting with `search`, as choices for tag inputs and filters. */
export function useFlowTags(search: string) {
  const query = useQuery({
    queryKey: [FLOW_TAGS_PATH, search],
    queryFn: ({ signal }) =>
      api.get<ListAnswer<{ name: string }>>(FLOW_TAGS_PATH, {
        query: { q: search.trim() ? `${search.trim()}*` : undefined, size: TAG_CHOICES },
        signal,
      }),
    staleTime: 30_000,
  });
  return (query.data?.items ?? []).map((tag) => tag.name);
}
