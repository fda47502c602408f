import { Stack } from '@mantine/core';
import type { ResourceDef } from '@switchboard/model';
import type { EditTab, FormValues } from '../edit/form';
import { keyValueField } from './keyValue';
import { RowsField } from './RowsField';

/** An editor's tab of one field of key/value rows (a device's or a user's variables). */
export function keyValueTab<V extends FormValues>(
  def: ResourceDef,
  key: string,
  label: string,
  path: keyof V & string,
): EditTab<V> {
  const field = keyValueField(path);
  return {
    key,
    label,
    fields: [path],
    render: (form) => (
      <Stack maw={720}>
        <RowsField
          def={def}
          form={form}
          field={field}
          path={path}
          value={form.values[path]}
          onChange={(rows) => form.set(path, rows as V[typeof path])}
        />
      </Stack>
    ),
  };
}
