import { Select } from '@mantine/core';
import type { ListAnswer, TimezoneEntry } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { searchTerm } from '../list/useListState';

/** The API path of the time-zone catalog. */
export const TIMEZONES_PATH = '/calendars/timezones';
/** How many zones the list offers at once; typing narrows them through the API search. */
const TIMEZONE_PAGE = 100;

export type TimezoneValue = { name: string } | null;

type Props = {
  label: string;
  value: TimezoneValue;
  onChange: (value: TimezoneValue) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
};

/** A time zone chosen from the server's catalog, searched by name (or city), with its offset. */
export function TimezoneSelect({ label, value, onChange, error, required, disabled }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // While the box shows the chosen zone, its label is not a search.
  const chosenLabel = value?.name ?? '';
  const term = search === chosenLabel || search.startsWith(`${chosenLabel} (`) ? '' : search;
  const zones = useQuery({
    queryKey: [TIMEZONES_PATH, term],
    queryFn: ({ signal }) =>
      api.get<ListAnswer<TimezoneEntry>>(TIMEZONES_PATH, {
        query: { q: searchTerm(term), size: TIMEZONE_PAGE },
        signal,
      }),
    staleTime: 60_000,
  });
  const data = useMemo(() => {
    const items = zones.data?.items ?? [];
    const options = items.map((z) => ({ value: z.name, label: `${z.name} (${z.offset})` }));
    // The chosen zone stays among the options whatever the search lists.
    if (value && !items.some((z) => z.name === value.name)) options.unshift({ value: value.name, label: value.name });
    return options;
  }, [zones.data, value]);
  return (
    <Select
      size="sm"
      label={label}
      required={required}
      error={error}
      disabled={disabled}
      data={data}
      searchable
      clearable
      filter={({ options }) => options}
      nothingFoundMessage={t('kit.nothingFound')}
      value={value?.name ?? null}
      onSearchChange={setSearch}
      onChange={(name) => onChange(name ? { name } : null)}
    />
  );
}
