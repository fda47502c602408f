import { Select } from '@mantine/core';
import type { ListAnswer, Ref } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { LOOKUP_SIZE } from '../../kit/fields/useRefOptions';
import { searchTerm } from '../../kit/list/useListState';

/** Flows live at /routing/schema (the routing area's flows). */
export const FLOWS_PATH = '/routing/schema';

type Props = {
  label: string;
  value: Ref | null;
  onChange: (value: Ref | null) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
  /** Only flows of this type (a chat gateway runs a chat flow). */
  type?: 'chat' | 'voice' | 'service' | 'processing';
};

/** A flow chosen from the flows list (GET /routing/schema), searched as the user types. */
export function FlowSelect({ label, value, onChange, error, disabled, required, type }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const options = useQuery({
    queryKey: [FLOWS_PATH, 'lookup', search, type],
    queryFn: ({ signal }) =>
      api.get<ListAnswer<Ref>>(FLOWS_PATH, {
        query: { fields: ['id', 'name'], size: LOOKUP_SIZE, q: searchTerm(search), type },
        signal,
      }),
    staleTime: 30_000,
  });
  const { byId, data } = useMemo(() => {
    const byId = new Map<number, Ref>();
    if (value) byId.set(value.id, value);
    for (const r of options.data?.items ?? []) byId.set(r.id, r);
    const data = [...byId.values()].map((r) => ({ value: String(r.id), label: r.name || `#${r.id}` }));
    return { byId, data };
  }, [options.data, value]);
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
      nothingFoundMessage={t('kit.nothingFound')}
      value={value ? String(value.id) : null}
      onSearchChange={setSearch}
      onChange={(v) => onChange(v === null ? null : (byId.get(Number(v)) ?? null))}
    />
  );
}
