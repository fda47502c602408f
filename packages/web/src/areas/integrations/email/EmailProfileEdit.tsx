import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type EmailTestResult, emailProfiles } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import type { EditForm, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { TestButton, TestResult } from '../../../kit/edit/TestResult';
import { useTestRun } from '../../../kit/edit/useTestRun';
import { formToInput } from '../../../kit/edit/values';
import { formatDateTime } from '../../../locale';

/** The settings a connection test reads from the editor. */
const CONNECTION = ['imapHost', 'imapPort', 'smtpHost', 'smtpPort', 'login', 'password', 'mailbox'] as const;

function connectionOf(values: FormValues): Record<string, unknown> {
  const input = formToInput(emailProfiles, values);
  return Object.fromEntries(CONNECTION.filter((k) => k in input).map((k) => [k, input[k]]));
}

/**
 * "Test connection": the server signs in over IMAP (opening the mailbox) and over SMTP with the
 * values on screen; a saved profile's stored password serves when the field is left empty and
 * the hosts, ports and login are the saved ones (else the server asks for the password again).
 * Shown to whoever may create or edit the profile (the server guards it the same way).
 */
function TestConnection({ form }: { form: EditForm<FormValues> }) {
  const { t } = useTranslation();
  const { running, result, run } = useTestRun(() =>
    api.post<EmailTestResult>(
      form.isNew || form.id === null ? `${emailProfiles.path}/test` : `${emailProfiles.path}/${form.id}/test`,
      connectionOf(form.values),
    ),
  );
  if (form.readOnly) return null;
  return (
    <Stack gap="xs" align="flex-start">
      <TestButton resource={emailProfiles.name} running={running} onClick={run} />
      {result && (
        <TestResult resource={emailProfiles.name} ok={result.ok} w="100%">
          <Stack gap={4}>
            {(['imap', 'smtp'] as const).map((side) => (
              <Text key={side} size="sm" c={result[side].ok ? undefined : 'red'}>
                <Text span fw={600}>
                  {t(`emailProfiles.${side}`)} ·{' '}
                  {t(result[side].ok ? 'emailProfiles.partOk' : 'emailProfiles.partFailed')}
                </Text>
                {': '}
                {result[side].key ? t(result[side].key) : result[side].detail}
              </Text>
            ))}
          </Stack>
        </TestResult>
      )}
    </Stack>
  );
}

/** What the poller last did with a saved profile: read-only. */
function FetchStatus({ form }: { form: EditForm<FormValues> }) {
  const { t, i18n } = useTranslation();
  const item = form.item;
  if (form.isNew || !item) return null;
  const last = item.lastFetchAt ? formatDateTime(item.lastFetchAt, i18n.language) : t('emailProfiles.never');
  const error = typeof item.lastError === 'string' ? item.lastError : '';
  return (
    <Stack gap={6} aria-label={t('emailProfiles.status')} role="group">
      <Text fw={600} size="sm">
        {t('emailProfiles.status')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} maw={520}>
        <Text size="sm" c="dimmed">
          {t('emailProfiles.lastFetchAt')}
        </Text>
        <Text size="sm" data-testid="email-last-fetch">
          {last}
        </Text>
        <Text size="sm" c="dimmed">
          {t('emailProfiles.fetchedCount')}
        </Text>
        <Text size="sm" data-testid="email-fetched-count">
          {String(item.fetchedCount ?? 0)}
        </Text>
      </SimpleGrid>
      {error && (
        <Alert color="red" title={t('emailProfiles.lastError')} py={6} data-testid="email-last-error">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {error}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

const after = (form: EditForm<FormValues>) => (
  <Group align="flex-start" gap="xl" mt="xs">
    <Stack gap="md" style={{ flex: 1 }}>
      <TestConnection form={form} />
      <FetchStatus form={form} />
    </Stack>
  </Group>
);

/** `/integrations/email-profile/{new|id}`: the generic editor with a connection test and the fetch status. */
export function EmailProfileEdit() {
  return <ResourceEdit def={emailProfiles} after={after} />;
}
