import type { FormField } from '@switchboard/model';

/** One key/value row (variables); the form keeps them as rows, the body as a map. */
export type KeyValue = { key: string; value: string };

/** Editable key/value rows of a form: a `rows` field of a key and a value column. */
export const keyValueField = (field: string): FormField => ({
  field,
  kind: 'rows',
  columns: [
    { field: 'key', label: 'kit.key' },
    { field: 'value', label: 'kit.value' },
  ],
});
