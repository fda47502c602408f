import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, api } from '../../app/api';
import type { Enrolment } from '../../app/auth';
import { notifySuccess } from '../../app/notify';
import { translateMessage } from '../../kit/messages';
import { CodeInput } from '../two-factor/CodeInput';
import { EnrolmentStep } from '../two-factor/EnrolmentStep';
import { RecoveryCodes } from '../two-factor/RecoveryCodes';

type Status = { enabled: boolean; required: boolean; recoveryCodesLeft: number };
const PATH = '/users/me/two-factor';

/** The code field's error from a refusal, or null when the refusal was about something else. */
const codeError = (t: TFunction, error: unknown) => {
  const field = error instanceof ApiFailure ? error.body.fields?.find((f) => f.field === 'code') : undefined;
  return field ? translateMessage(t, field) : null;
};

/** Settings → two-factor sign-in: set up with a QR code, recovery codes once, turn off with a code. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: [PATH], queryFn: ({ signal }) => api.get<Status>(PATH, { signal }) });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      const message = codeError(t, failure);
      if (message) setError(message);
      else if (failure instanceof ApiFailure) setError(failure.body.detail ?? failure.message);
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setEnrolment(await api.post<Enrolment>(PATH, {}, { silent: true })));
  const confirm = (value: string) =>
    run(async () => {
      const answer = await api.post<{ recoveryCodes: string[] }>(`${PATH}/confirm`, { code: value }, { silent: true });
      setEnrolment(null);
      setCodes(answer.recoveryCodes);
      await status.refetch();
    });
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      await api.call('DELETE', PATH, { code }, { silent: true });
      setTurningOff(false);
      setCode('');
      notifySuccess(t('twoFactor.turnedOff'));
      await status.refetch();
    });
  };

  const body = () => {
    if (status.isPending) return <Loader size="sm" />;
    if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
    if (enrolment) {
      return (
        <EnrolmentStep
          enrolment={enrolment}
          busy={busy}
          error={error}
          onConfirm={confirm}
          onCancel={() => setEnrolment(null)}
        />
      );
    }
    const s = status.data;
    if (!s?.enabled) {
      return (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{s?.required ? t('twoFactor.requiredHint') : t('twoFactor.offHint')}</Text>
          <Button onClick={start} loading={busy}>
            {t('twoFactor.setUp')}
          </Button>
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
        </Stack>
      );
    }
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('twoFactor.codesLeft', { count: s.recoveryCodesLeft })}</Text>
        {s.required && <Text size="sm">{t('twoFactor.requiredHint')}</Text>}
        {!s.required && !turningOff && (
          <Button variant="default" color="red" onClick={() => setTurningOff(true)}>
            {t('twoFactor.turnOff')}
          </Button>
        )}
        {turningOff && (
          <form onSubmit={turnOff} noValidate aria-label={t('twoFactor.turnOff')}>
            <Group align="flex-end" gap="xs">
              <CodeInput value={code} onChange={setCode} error={error} />
              <Button type="submit" color="red" loading={busy}>
                {t('twoFactor.turnOff')}
              </Button>
              <Button variant="default" onClick={() => setTurningOff(false)}>
                {t('kit.cancel')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" aria-label={t('twoFactor.title')} component="section">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t('twoFactor.title')}</Title>
          {status.data && (
            <Badge color={status.data.enabled ? 'green' : 'gray'} variant="light">
              {status.data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          )}
        </Group>
        {body()}
      </Stack>
    </Paper>
  );
}
