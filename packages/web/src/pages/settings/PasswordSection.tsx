import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { notifySuccess } from '../../app/notify';
import { filled } from '../../kit/edit/rules';

/** The fields in their order; the first is the password in use, the others the new one twice. */
const FIELDS = ['current', 'next', 'confirm'] as const;

/** Change password: the confirmation must match before anything is sent. */
export function PasswordSection() {
  const { t } = useTranslation();
  // Errors show from a submit until the next one, typing does not clear them.
  const form = useForm({
    initialValues: { current: '', next: '', confirm: '' },
    clearInputErrorOnChange: false,
    validate: {
      current: filled(t),
      next: filled(t),
      confirm: (value, values) => filled(t)(value) ?? (value !== values.next ? t('validation.passwordMismatch') : null),
    },
  });

  const send = async ({ current, next }: typeof form.values) => {
    try {
      await api.put('/users/password', { currentPassword: current, password: next });
      form.reset();
      notifySuccess(t('settings.password.changed'));
    } catch {
      // The shared handler already showed the server's answer.
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="form"
      onSubmit={form.onSubmit(send)}
      noValidate
      aria-label={t('settings.password.title')}
    >
      <Stack gap="sm">
        <Title order={3}>{t('settings.password.title')}</Title>
        {FIELDS.map((field) => (
          <PasswordInput
            key={field}
            label={t(`settings.password.${field}`)}
            autoComplete={field === 'current' ? 'current-password' : 'new-password'}
            {...form.getInputProps(field)}
          />
        ))}
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {t('settings.password.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
