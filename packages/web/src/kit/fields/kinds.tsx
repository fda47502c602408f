import { ColorInput, NumberInput, PasswordInput, Select, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import {
  type FormField,
  type FormFieldKind,
  MINUTES_PER_DAY,
  type Ref,
  type ResourceDef,
  refOf,
  secretIsSet,
} from '@switchboard/model';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditForm, FormValues } from '../edit/form';
import { fieldKey } from '../path';
import { DateTimeInput, DayInput } from './DateInputs';
import { RefMultiSelect, RefSelect } from './RefSelect';
import { TimezoneSelect, type TimezoneValue } from './TimezoneSelect';

/** What every field component gets: its declaration, its value and where its messages are. */
export type FieldProps = {
  field: FormField;
  /** The resource: option labels are `<resource>.options.<field>.<value>`; rows take its row schemas. */
  def: ResourceDef;
  /** The value's path in the form (`name`, `ipacl.0.ip`): its messages are filed under it. */
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  form: EditForm<FormValues>;
  /** Inside a rows table: the column header says the label, the input only carries it as its name. */
  compact?: boolean;
};

/** The translated label of a field: its own key, else `fields.<field>`. */
export function useFieldLabel(field: FormField): string {
  const { t } = useTranslation();
  return t(field.label ?? fieldKey(field.field));
}

/** Props every input shares: label (or name, in a table), size, error, disabled, required. */
function useCommon({ field, path, form, compact }: FieldProps) {
  const label = useFieldLabel(field);
  return {
    ...(compact ? { 'aria-label': label } : { label }),
    size: compact ? ('xs' as const) : ('sm' as const),
    error: form.error(path),
    disabled: form.readOnly,
    required: compact ? undefined : field.required,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function TextKind(props: FieldProps) {
  const common = useCommon(props);
  return <TextInput {...common} value={text(props.value)} onChange={(e) => props.onChange(e.currentTarget.value)} />;
}

/** Long text; a secret one (a private key) is write-only like a password and says when one is kept. */
function TextareaKind(props: FieldProps) {
  const { t } = useTranslation();
  const common = useCommon(props);
  const { variants } = props.def;
  const stored =
    variants?.secrets?.fields.includes(props.field.field) === true &&
    secretIsSet(variants, props.form.item ?? null, props.field.field);
  return (
    <Textarea
      {...common}
      required={common.required && !stored}
      placeholder={stored ? t('kit.secretKept') : undefined}
      autosize
      minRows={2}
      value={text(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

/**
 * A write-only secret: the API never answers it, only whether one is stored (as the definition's
 * variants declare it, else `<field>Set`). Once one is stored the field may stay empty (the stored
 * one is kept) and says so.
 */
function PasswordKind(props: FieldProps) {
  const { t } = useTranslation();
  const common = useCommon(props);
  const item = props.form.item ?? null;
  const { variants } = props.def;
  const stored =
    variants?.secrets?.fields.includes(props.field.field) === true
      ? secretIsSet(variants, item, props.field.field)
      : item?.[`${props.field.field}Set`] === true;
  return (
    <PasswordInput
      {...common}
      required={common.required && !stored}
      placeholder={stored ? t('kit.secretKept') : undefined}
      autoComplete="new-password"
      // The inner input carries no aria-invalid of its own: the editor focuses the first one that does.
      aria-invalid={common.error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('kit.togglePassword') }}
      value={text(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value)}
    />
  );
}

function NumberKind(props: FieldProps) {
  const common = useCommon(props);
  const { min, max } = props.field;
  return (
    <NumberInput
      {...common}
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      // An empty input is '' (the schema then names the field), a cleared optional one is null.
      value={typeof props.value === 'number' ? props.value : ''}
      onChange={(v) => props.onChange(typeof v === 'number' ? v : v === '' ? '' : Number(v))}
    />
  );
}

function SwitchKind(props: FieldProps) {
  const label = useFieldLabel(props.field);
  return (
    <Switch
      {...(props.compact ? { 'aria-label': label, size: 'xs' } : { label })}
      error={props.form.error(props.path)}
      disabled={props.form.readOnly}
      checked={props.value === true}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
    />
  );
}

/** Options are strings or numbers (a queue type); the input deals in strings. */
function SelectKind(props: FieldProps) {
  const { t } = useTranslation();
  const common = useCommon(props);
  const options = props.field.options ?? [];
  const name = props.field.field;
  return (
    <Select
      {...common}
      allowDeselect={!props.field.required}
      data={options.map((o) => ({ value: String(o), label: t(`${props.def.name}.options.${name}.${o}`) }))}
      value={props.value === null || props.value === undefined ? null : String(props.value)}
      onChange={(v) => props.onChange(options.find((o) => String(o) === v) ?? null)}
    />
  );
}

function RefKind(props: FieldProps) {
  const common = useCommon(props);
  const label = useFieldLabel(props.field);
  return (
    <RefSelect
      {...common}
      label={label}
      of={props.def.refs?.[props.field.field] ?? props.field.path ?? ''}
      // A reference is sent as `{id}`: the schema names `<field>.id` when it is not one.
      error={common.error ?? props.form.error(`${props.path}.id`)}
      value={(props.value as Ref | null) ?? null}
      onChange={props.onChange}
    />
  );
}

/** Several references of a declared list, sent as `[{id}]`. */
function RefsKind(props: FieldProps) {
  const common = useCommon(props);
  const label = useFieldLabel(props.field);
  return (
    <RefMultiSelect
      {...common}
      label={label}
      of={refOf(props.def, props.field.field)}
      value={(props.value as Ref[] | null) ?? []}
      onChange={props.onChange}
    />
  );
}

function TimezoneKind(props: FieldProps) {
  const common = useCommon(props);
  const label = useFieldLabel(props.field);
  return (
    <TimezoneSelect
      {...common}
      label={label}
      value={(props.value as TimezoneValue) ?? null}
      onChange={props.onChange}
    />
  );
}

/** A colour as `#rrggbb` text. */
function ColorKind(props: FieldProps) {
  const common = useCommon(props);
  return <ColorInput {...common} format="hex" value={text(props.value)} onChange={props.onChange} />;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-05-01T10:30` in the browser's zone for an ISO instant, as datetime-local inputs take it. */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO instant of a datetime-local value (browser zone); empty is no date. */
export function fromLocalInput(text: string): string | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function DateKind(props: FieldProps) {
  const common = useCommon(props);
  return (
    <DateTimeInput
      {...common}
      value={toLocalInput(props.value)}
      onChange={(local) => props.onChange(fromLocalInput(local))}
    />
  );
}

/** A calendar day, `YYYY-MM-DD`, with no time or zone. */
function DayKind(props: FieldProps) {
  const common = useCommon(props);
  return <DayInput {...common} value={text(props.value)} onChange={(day) => props.onChange(day)} />;
}

/** Minutes of the day (0 to 1440) as `HH:MM`; 1440 is the end of the day, `24:00`. */
export function minutesToTime(minutes: number): string {
  const m = Math.max(0, Math.min(MINUTES_PER_DAY, Math.trunc(minutes)));
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** `HH:MM` as minutes of the day; an empty or broken value is 0. */
export function timeToMinutes(value: string): number {
  const m = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!m) return 0;
  return Math.min(MINUTES_PER_DAY, Number(m[1]) * 60 + Number(m[2]));
}

/** A time of day kept as minutes from midnight. */
function TimeKind(props: FieldProps) {
  const common = useCommon(props);
  return (
    <TimeInput
      {...common}
      value={typeof props.value === 'number' ? minutesToTime(props.value) : ''}
      onChange={(e) => props.onChange(timeToMinutes(e.currentTarget.value))}
    />
  );
}

/** A list of short texts: each is typed and taken with Enter (or a comma), and removed by its ×. */
function TagsKind(props: FieldProps) {
  const { t } = useTranslation();
  const common = useCommon(props);
  const values = Array.isArray(props.value) ? props.value.map(String) : [];
  return (
    <TagsInput
      {...common}
      // Each entry carries its own message (`errorIds.1`): the field shows the first of them.
      error={common.error ?? values.map((_, i) => props.form.error(`${props.path}.${i}`)).find(Boolean)}
      description={t('kit.tagsHint')}
      splitChars={[',', ' ']}
      clearable={!props.form.readOnly}
      value={values}
      onChange={(next) => props.onChange(next)}
    />
  );
}

/** The kinds a row of a `rows` field can hold: every kind but the lists themselves. */
export type ScalarKind = Exclude<FormFieldKind, 'rows' | 'keyValue'>;

/**
 * The registry of single-value kinds: one component per kind. A form shows a field by looking its
 * kind up (`FieldView` adds the two list kinds), so a new kind is one entry, not a branch in every form.
 */
export const SCALAR_KINDS: Record<ScalarKind, (props: FieldProps) => ReactNode> = {
  text: TextKind,
  textarea: TextareaKind,
  password: PasswordKind,
  number: NumberKind,
  switch: SwitchKind,
  select: SelectKind,
  ref: RefKind,
  refs: RefsKind,
  timezone: TimezoneKind,
  date: DateKind,
  day: DayKind,
  time: TimeKind,
  color: ColorKind,
  tags: TagsKind,
};

/** One single-value field (a cell of a row) shown by its kind's component. */
export function ScalarFieldView(props: FieldProps) {
  const kind = props.field.kind ?? 'text';
  const Kind = SCALAR_KINDS[kind as ScalarKind];
  if (!Kind) throw new Error(`${props.field.field}: a ${kind} field cannot be a column of rows`);
  return <Kind {...props} />;
}
