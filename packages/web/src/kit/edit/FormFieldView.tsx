import { NumberInput, Select, TextInput } from '@mantine/core';
import type { FormField, Ref } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../fields/RefSelect';
import { SwitchField, TextField } from '../fields/TextField';
import { TimezoneSelect, type TimezoneValue } from '../fields/TimezoneSelect';
import { fieldKey } from '../path';
import type { EditForm, FormValues } from './form';

/** `2024-05-01T10:30` in the browser's zone for an ISO instant, as datetime-local inputs take it. */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO instant of a datetime-local value (browser zone); empty is no date. */
export function fromLocalInput(text: string): string | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

type Props = { form: EditForm<FormValues>; field: FormField; resource: string };

/** One field of a definition's form, shown by its kind; the label is `fields.<field>`. */
export function FormFieldView({ form, field, resource }: Props) {
  const { t } = useTranslation();
  const name = field.field;
  const label = t(fieldKey(name));
  const value = form.values[name];
  const common = { label, required: field.required, error: form.error(name), disabled: form.readOnly };
  switch (field.kind) {
    case 'textarea':
    case undefined:
    case 'text':
      return <TextField form={form} name={name} label={label} required={field.required} kind={field.kind ?? 'text'} />;
    case 'switch':
      return <SwitchField form={form} name={name} label={label} />;
    case 'number':
      return (
        <NumberInput
          {...common}
          size="sm"
          allowDecimal={false}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => form.set(name, typeof v === 'number' ? v : v === '' ? '' : Number(v))}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          size="sm"
          data={(field.options ?? []).map((o) => ({ value: o, label: t(`${resource}.options.${name}.${o}`) }))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => form.set(name, v)}
        />
      );
    case 'ref':
      return (
        <RefSelect
          {...common}
          of={field.path ?? ''}
          value={(value as Ref | null) ?? null}
          onChange={(v) => form.set(name, v)}
        />
      );
    case 'timezone':
      return (
        <TimezoneSelect {...common} value={(value as TimezoneValue) ?? null} onChange={(v) => form.set(name, v)} />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          size="sm"
          type="datetime-local"
          value={toLocalInput(value)}
          onChange={(e) => form.set(name, fromLocalInput(e.currentTarget.value))}
        />
      );
  }
}
