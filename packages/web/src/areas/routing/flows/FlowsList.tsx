import { MultiSelect } from '@mantine/core';
import { FLOW_TYPES, flows } from '@switchboard/model';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListScreen } from '../../../kit/list/ListScreen';
import { useFlowTags } from './useFlowTags';

/** `/routing/flow`: the search box finds by name; type and tag filters live in the URL too. */
export function FlowsList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const types = params.getAll('type');
  const tags = params.getAll('tags');
  const [tagSearch, setTagSearch] = useState('');
  const tagChoices = useFlowTags(tagSearch);
  const setFilter = (key: 'type' | 'tags', values: string[]) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.delete(key);
        for (const v of values) next.append(key, v);
        // A new filter starts at the first page.
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const typeKey = types.join(',');
  const tagKey = tags.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined keys stand for the arrays
  const query = useMemo(() => ({ type: types, tags }), [typeKey, tagKey]);
  // Chosen values stay on one line so the toolbar keeps its height.
  const oneLine = { pillsList: { flexWrap: 'nowrap' as const, overflow: 'hidden' } };
  const toolbar = (
    <>
      <MultiSelect
        size="xs"
        w={200}
        aria-label={t('flows.filterType')}
        placeholder={types.length ? undefined : t('flows.filterType')}
        data={FLOW_TYPES.map((type) => ({ value: type, label: t(`flows.types.${type}`) }))}
        value={types}
        onChange={(v) => setFilter('type', v)}
        clearable
        styles={oneLine}
      />
      <MultiSelect
        size="xs"
        w={220}
        aria-label={t('flows.filterTags')}
        placeholder={tags.length ? undefined : t('flows.filterTags')}
        data={[...new Set([...tags, ...tagChoices])]}
        value={tags}
        searchable
        searchValue={tagSearch}
        onSearchChange={setTagSearch}
        nothingFoundMessage={t('kit.nothingFound')}
        onChange={(v) => setFilter('tags', v)}
        clearable
        styles={oneLine}
      />
    </>
  );
  const cells = { type: (row: Record<string, unknown>) => t(`flows.types.${String(row.type)}`) };
  return <ListScreen def={flows} title={t('flows.title')} query={query} toolbar={toolbar} cells={cells} />;
}
