import { MultiSelect, Select } from '@mantine/core';
import type { Ref } from '@switchboard/model';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefOptions } from './useRefOptions';

type Common = {
  path: string;
  label: string;
  error?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Extra list filters of the lookup (a flow type, say). */
  query?: Record<string, unknown>;
  required?: boolean;
};

/** Chosen records stay among the options even when the current search would not list them. */
function useChoices(path: string, search: string, chosen: readonly Ref[], query?: Record<string, unknown>) {
  const options = useRefOptions(path, search, query);
  return useMemo(() => {
    const byId = new Map<number, Ref>();
    for (const r of chosen) byId.set(r.id, r);
    for (const r of options.data?.items ?? []) byId.set(r.id, r);
    return { byId, data: [...byId.values()].map((r) => ({ value: String(r.id), label: r.name })) };
  }, [options.data, chosen]);
}

/** One reference chosen from an API list. */
export function RefSelect({
  path,
  label,
  error,
  disabled,
  placeholder,
  query,
  required,
  value,
  onChange,
}: Common & { value: Ref | null; onChange: (value: Ref | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => (value ? [value] : []), [value]);
  const { byId, data } = useChoices(path, search, chosen, query);
  return (
    <Select
      size="sm"
      label={label}
      required={required}
      error={error}
      disabled={disabled}
      placeholder={placeholder}
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

/** Several references chosen from an API list. */
export function RefMultiSelect({
  path,
  label,
  error,
  disabled,
  placeholder,
  value,
  onChange,
}: Common & { value: readonly Ref[]; onChange: (value: Ref[]) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { byId, data } = useChoices(path, search, value);
  return (
    <MultiSelect
      size="sm"
      label={label}
      error={error}
      disabled={disabled}
      placeholder={placeholder}
      data={data}
      searchable
      clearable
      nothingFoundMessage={t('kit.nothingFound')}
      value={value.map((r) => String(r.id))}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ids) => onChange(ids.map((v) => byId.get(Number(v))).filter((r): r is Ref => r !== undefined))}
    />
  );
}
