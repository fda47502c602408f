import { MultiSelect, Select } from '@mantine/core';
import { type Ref, type RefDef, type RefValue, refPicker } from '@switchboard/model';
import { useMemo, useState } from 'react';
import { type PickerProps, usePickerProps } from './picker';
import { useRefOptions } from './useRefOptions';

type Common = PickerProps & {
  /**
   * What to choose from: a declared reference (its target's path, its filter as the query), or
   * the API path of a lookup that is no reference field (the roles of an ACL, say).
   */
  of: RefDef | string;
};

/** A chosen record the caller may not read comes without a name: it shows as its id. */
const named = (r: RefValue): Ref => ({ id: r.id, name: r.name ?? `#${r.id}` });

/**
 * Chosen records stay among the options even when the current search would not list them; a
 * disabled picker shows only them and asks the API for nothing.
 */
function useChoices(of: RefDef | string, search: string, chosen: readonly RefValue[], disabled = false) {
  const { path, query } = typeof of === 'string' ? { path: of, query: undefined } : refPicker(of);
  const options = useRefOptions(path, search, query, !disabled);
  return useMemo(() => {
    const byId = new Map<number, Ref>();
    for (const r of chosen) byId.set(r.id, named(r));
    for (const r of options.data?.items ?? []) byId.set(r.id, r);
    return { byId, data: [...byId.values()].map((r) => ({ value: String(r.id), label: r.name })) };
  }, [options.data, chosen]);
}

/** One reference chosen from an API list. */
export function RefSelect({
  of,
  value,
  onChange,
  ...picker
}: Common & { value: RefValue | null; onChange: (value: Ref | null) => void }) {
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => (value ? [value] : []), [value]);
  const { byId, data } = useChoices(of, search, chosen, picker.disabled);
  return (
    <Select
      {...usePickerProps(picker)}
      data={data}
      value={value ? String(value.id) : null}
      onSearchChange={setSearch}
      onChange={(v) => onChange(v === null ? null : (byId.get(Number(v)) ?? null))}
    />
  );
}

/**
 * Several references chosen from an API list. `fixed`: chosen ones that may not be taken away
 * (the server would refuse): their pills have no remove button, and no key or clear removes them.
 */
export function RefMultiSelect({
  of,
  value,
  onChange,
  fixed,
  ...picker
}: Common & { value: readonly RefValue[]; onChange: (value: Ref[]) => void; fixed?: readonly number[] }) {
  const [search, setSearch] = useState('');
  const { byId, data } = useChoices(of, search, value, picker.disabled);
  const kept = fixed ?? [];
  const shown = kept.length ? data.map((d) => (kept.includes(Number(d.value)) ? { ...d, disabled: true } : d)) : data;
  // The order stays as it was: the ones kept, then the ones added.
  const picked = (ids: string[]) => {
    const chosen = ids.map(Number);
    const stay = value.filter((r) => chosen.includes(r.id) || kept.includes(r.id)).map((r) => r.id);
    return [...stay, ...chosen.filter((id) => !value.some((r) => r.id === id))];
  };
  return (
    <MultiSelect
      {...usePickerProps(picker)}
      clearable={kept.length === 0}
      data={shown}
      value={value.map((r) => String(r.id))}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(ids) =>
        onChange(
          picked(ids)
            .map((id) => byId.get(id))
            .filter((r): r is Ref => r !== undefined),
        )
      }
    />
  );
}
