import { PasswordInput, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditForm, FormValues } from '../edit/form';
import { fieldKey } from '../path';

type Props<V extends FormValues> = {
  form: EditForm<V>;
  name: keyof V & string;
  label: string;
  required?: boolean;
  kind?: 'text' | 'password' | 'textarea';
  autoComplete?: string;
  /** Off limits for this record beyond the form's read-only state. */
  disabled?: boolean;
  description?: string;
};

/** A text value of the form, with its validation message under it. */
export function TextField<V extends FormValues>({
  form,
  name,
  label,
  required,
  kind = 'text',
  autoComplete,
  disabled = false,
  description,
}: Props<V>) {
  const { t } = useTranslation();
  const raw = form.values[name];
  const common = {
    label,
    required,
    size: 'sm' as const,
    disabled: form.readOnly || disabled,
    description,
    error: form.error(name),
    value: typeof raw === 'string' ? raw : '',
    autoComplete,
  };
  const change = (value: string) => form.set(name, value as V[typeof name]);
  if (kind === 'password')
    return (
      <PasswordInput
        {...common}
        visibilityToggleButtonProps={{ 'aria-label': t('kit.togglePassword') }}
        onChange={(e) => change(e.currentTarget.value)}
      />
    );
  if (kind === 'textarea')
    return <Textarea {...common} autosize minRows={2} onChange={(e) => change(e.currentTarget.value)} />;
  return <TextInput {...common} onChange={(e) => change(e.currentTarget.value)} />;
}

/** A yes/no value of the form, with its validation message under it. */
export function SwitchField<V extends FormValues>({
  form,
  name,
  label,
  description,
  disabled = false,
}: {
  form: EditForm<V>;
  name: keyof V & string;
  label: string;
  description?: string;
  /** Off limits for this record beyond the form's read-only state. */
  disabled?: boolean;
}) {
  return (
    <Switch
      label={label}
      description={description}
      error={form.error(name)}
      disabled={form.readOnly || disabled}
      checked={form.values[name] === true}
      onChange={(e) => form.set(name, e.currentTarget.checked as V[typeof name])}
    />
  );
}

/**
 * The password a record signs in with (a user, a device): required when creating; a saved
 * record's is never read back, and filling the field in sets a new one (`changeLabel`).
 */
export function NewPasswordField<V extends FormValues & { password: string }>({
  form,
  changeLabel,
  disabled,
}: {
  form: EditForm<V>;
  changeLabel: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name="password"
      kind="password"
      label={form.isNew ? t(fieldKey('password')) : changeLabel}
      required={form.isNew}
      autoComplete="new-password"
      disabled={disabled}
    />
  );
}
