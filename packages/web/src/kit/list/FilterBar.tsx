import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import type { ListFilter, Ref } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { useSession } from '../../app/session';
import { DayInput } from '../fields/DateInputs';
import { useRefOptions } from '../fields/useRefOptions';
import type { FilterValues } from './filters';

type Props = {
  /** The resource whose `<resource>.filters.<key>` labels the filters. */
  resource: string;
  filters: readonly ListFilter[];
  values: FilterValues;
  onChange: (change: FilterValues) => void;
};

/** One record chosen by id: the name of a chosen record not among the options is read once. */
function RefFilter({
  path,
  label,
  id,
  onChange,
}: {
  path: string;
  label: string;
  id: string | undefined;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const options = useRefOptions(path, search);
  const listed = options.data?.items ?? [];
  const missing = id !== undefined && !listed.some((r) => String(r.id) === id);
  const chosen = useQuery({
    queryKey: [path, 'ref', id],
    queryFn: ({ signal }) => api.get<Ref>(`${path}/${id}`, { signal, silent: true }),
    enabled: missing,
    staleTime: 30_000,
  });
  const data = useMemo(() => {
    const all = chosen.data && missing ? [chosen.data, ...listed] : listed;
    return all.map((r) => ({ value: String(r.id), label: r.name }));
  }, [chosen.data, missing, listed]);
  return (
    <Select
      size="xs"
      w={200}
      label={label}
      data={data}
      searchable
      clearable
      nothingFoundMessage={t('kit.nothingFound')}
      value={id ?? null}
      onSearchChange={setSearch}
      onChange={onChange}
    />
  );
}

type RangeProps = {
  label: string;
  filter: Extract<ListFilter, { kind: 'dateRange' | 'numberRange' }>;
  one: (param: string) => string;
  set: (param: string, value: string) => void;
};

/** The two ends of a range, each its own param: days from and to, or numbers min and max. */
function RangeFilter({ label, filter, one, set }: RangeProps) {
  const { t } = useTranslation();
  const ends =
    filter.kind === 'dateRange'
      ? [
          { param: filter.from, label: t('list.from', { label }) },
          { param: filter.to, label: t('list.to', { label }) },
        ]
      : [
          { param: filter.min, label: t('list.min', { label }) },
          { param: filter.max, label: t('list.max', { label }) },
        ];
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={label}>
      {ends.map((end) =>
        filter.kind === 'dateRange' ? (
          <DayInput
            key={end.param}
            size="xs"
            w={140}
            label={end.label}
            value={one(end.param)}
            onChange={(day) => set(end.param, day)}
          />
        ) : (
          <TextInput
            key={end.param}
            size="xs"
            w={100}
            type="number"
            label={end.label}
            value={one(end.param)}
            onChange={(e) => set(end.param, e.currentTarget.value)}
          />
        ),
      )}
    </Group>
  );
}

/** A value typed in: sent on Enter or when the input loses focus, not at each key. */
function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [term, setTerm] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTerm(value);
  }
  return (
    <TextInput
      size="xs"
      w={150}
      label={label}
      value={term}
      onChange={(e) => setTerm(e.currentTarget.value)}
      onBlur={() => term !== value && onChange(term)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(term);
      }}
    />
  );
}

/** One declared filter's control(s). */
function FilterControl({ resource, filter, values, onChange }: Omit<Props, 'filters'> & { filter: ListFilter }) {
  const { t } = useTranslation();
  const one = (param: string) => values[param]?.[0] ?? '';
  const set = (param: string, value: string | null) => onChange({ [param]: value ? [value] : [] });

  const label = t(`${resource}.filters.${filter.key}`);
  switch (filter.kind) {
    case 'enum': {
      const prefix = filter.labels ?? `${resource}.options.${filter.key}`;
      const data = filter.options.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
      return filter.multiple ? (
        <MultiSelect
          size="xs"
          w={220}
          label={label}
          data={data}
          searchable
          nothingFoundMessage={t('kit.nothingFound')}
          clearable
          value={[...(values[filter.key] ?? [])]}
          onChange={(chosen) => onChange({ [filter.key]: chosen })}
          // Chosen values stay on one line so the bar keeps its height.
          styles={{ pillsList: { flexWrap: 'nowrap', overflow: 'hidden' } }}
        />
      ) : (
        <Select
          size="xs"
          w={180}
          label={label}
          data={data}
          clearable
          value={one(filter.key) || null}
          onChange={(value) => set(filter.key, value)}
        />
      );
    }
    case 'ref':
      return (
        <RefFilter
          path={filter.path}
          label={label}
          id={values[filter.key]?.[0]}
          onChange={(id) => set(filter.key, id)}
        />
      );
    case 'dateRange':
    case 'numberRange':
      return <RangeFilter label={label} filter={filter} one={one} set={set} />;
    case 'text':
      return <TextFilter label={label} value={one(filter.key)} onChange={(v) => set(filter.key, v.trim())} />;
  }
}

/**
 * The filters a resource's definition declares, above its list. Each change lands in the URL
 * (through `onChange`) and the list reads again from its first page.
 */
export function FilterBar({ resource, filters, values, onChange }: Props) {
  const { can } = useSession();
  // A reference filter needs the right to list what it picks from.
  const shown = filters.filter((f) => f.kind !== 'ref' || !f.objClass || can(f.objClass, 'r'));
  return (
    <Group gap="xs" mb="sm" align="flex-end" data-testid="list-filters">
      {shown.map((filter) => (
        <FilterControl key={filter.key} resource={resource} filter={filter} values={values} onChange={onChange} />
      ))}
    </Group>
  );
}
