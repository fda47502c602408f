import type { FormFieldKind } from '@switchboard/model';
import type { ReactNode } from 'react';
import { KeyValueField } from './KeyValueField';
import { type FieldProps, SCALAR_KINDS } from './kinds';
import { RowsField } from './RowsField';

/** Every field kind's component: the single-value kinds and the two list kinds built on them. */
export const FIELD_KINDS: Record<FormFieldKind, (props: FieldProps) => ReactNode> = {
  ...SCALAR_KINDS,
  rows: RowsField,
  keyValue: KeyValueField,
};

/** One field shown by its kind's component. */
export function FieldView(props: FieldProps) {
  const Kind = FIELD_KINDS[props.field.kind ?? 'text'];
  return <Kind {...props} />;
}
