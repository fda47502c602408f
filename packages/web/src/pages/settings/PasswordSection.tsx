import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { notifySuccess } from '../../app/notify';

type Errors = Partial<Record<'current' | 'next' | 'confirm', string>>;

/** Change password: the confirmation must match before anything is sent. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!current) found.current = t('validation.required');
    if (!next) found.next = t('validation.required');
    if (!confirm) found.confirm = t('validation.required');
    else if (confirm !== next) found.confirm = t('validation.passwordMismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await api.put('/users/password', { currentPassword: current, password: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      notifySuccess(t('settings.password.changed'));
    } catch {
      // The shared handler already showed the server's answer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={t('settings.password.title')}
    >
      <Stack gap="sm">
        <Title order={3}>{t('settings.password.title')}</Title>
        <PasswordInput
          label={t('settings.password.current')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={errors.current}
        />
        <PasswordInput
          label={t('settings.password.next')}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={errors.next}
        />
        <PasswordInput
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={errors.confirm}
        />
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {t('settings.password.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
