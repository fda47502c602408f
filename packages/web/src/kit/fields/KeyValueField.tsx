import { useEffect, useRef, useState } from 'react';
import { type KeyValue, keyValueField } from './keyValue';
import type { FieldProps } from './kinds';
import { RowsField } from './RowsField';

type TextMap = Record<string, string>;

const toMap = (rows: readonly KeyValue[]): TextMap => {
  const out: TextMap = {};
  for (const row of rows) if (row.key.trim() !== '') out[row.key.trim()] = row.value;
  return out;
};
const toRows = (map: unknown): KeyValue[] =>
  map && typeof map === 'object' && !Array.isArray(map)
    ? Object.entries(map as Record<string, unknown>).map(([key, value]) => ({ key, value: String(value ?? '') }))
    : [];
const same = (a: TextMap, b: unknown) => JSON.stringify(a) === JSON.stringify(b ?? {});

/**
 * The `keyValue` kind: a map of texts (variables) edited as key/value rows. The form holds the
 * map as the API takes it; a row whose key is empty (one being typed, say) stays on screen but is
 * left out of the map.
 */
export function KeyValueField(props: FieldProps) {
  const [rows, setRows] = useState<KeyValue[]>(() => toRows(props.value));
  const last = useRef<TextMap>(toMap(rows));
  // A map set from outside (the record read again after a save) replaces the rows.
  useEffect(() => {
    if (!same(last.current, props.value)) {
      const next = toRows(props.value);
      last.current = toMap(next);
      setRows(next);
    }
  }, [props.value]);
  const change = (next: unknown) => {
    const typed = (Array.isArray(next) ? next : []) as KeyValue[];
    setRows(typed);
    const map = toMap(typed);
    last.current = map;
    if (!same(map, props.value)) props.onChange(map);
  };
  return (
    <RowsField
      {...props}
      field={{ ...keyValueField(props.field.field), label: props.field.label }}
      value={rows}
      onChange={change}
    />
  );
}
