import { Select, Stack, Text } from '@mantine/core';
import { type ListAnswer, type TimezoneEntry, timezoneOffset } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { searchTerm } from '../list/useListState';
import { type PickerProps, usePickerProps } from './picker';

/** The API path of the time-zone catalog. */
export const TIMEZONES_PATH = '/calendars/timezones';
/** How many zones the list offers at once; typing narrows them through the API search. */
const TIMEZONE_PAGE = 100;

export type TimezoneValue = { name: string } | null;

/** A zone as the picker and the lists show it: `Europe/Kyiv (+02:00)`, the offset as of now. */
export function timezoneLabel(name: string, offset?: string): string {
  if (!name) return '';
  if (offset) return `${name} (${offset})`;
  try {
    return `${name} (${timezoneOffset(name)})`;
  } catch {
    // A name this browser does not know still shows, without an offset.
    return name;
  }
}

type Props = PickerProps & {
  value: TimezoneValue;
  onChange: (value: TimezoneValue) => void;
};

/**
 * A time zone chosen from the server's catalog by its current IANA name, searched by any part of
 * the name, an old name, the city or the offset; each option names its old names too.
 */
export function TimezoneSelect({ value, onChange, ...picker }: Props) {
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
  const items = zones.data?.items;
  const aliases = useMemo(() => new Map((items ?? []).map((z) => [z.name, z.aliases])), [items]);
  const data = useMemo(() => {
    const options = (items ?? []).map((z) => ({ value: z.name, label: timezoneLabel(z.name, z.offset) }));
    // The chosen zone stays among the options whatever the search lists.
    if (value && !options.some((o) => o.value === value.name)) {
      options.unshift({ value: value.name, label: timezoneLabel(value.name) });
    }
    return options;
  }, [items, value]);
  return (
    <Select
      {...usePickerProps(picker)}
      data={data}
      filter={({ options }) => options}
      renderOption={({ option }) => {
        const old = aliases.get(option.value) ?? [];
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {old.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('kit.timezoneAliases', { names: old.join(', ') })}
              </Text>
            )}
          </Stack>
        );
      }}
      value={value?.name ?? null}
      onSearchChange={setSearch}
      onChange={(name) => onChange(name ? { name } : null)}
    />
  );
}
