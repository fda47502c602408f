import { Alert, Button, Group, Text } from '@mantine/core';
import { STORAGE_TYPES, type StorageTestResult, storageProfiles } from '@switchboard/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../../app/api';
import type { EditForm, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';

/**
 * "Test connection": the server writes, reads and deletes a probe object with the saved settings.
 * Shown to whoever may edit the saved profile (the server guards it the same way).
 */
function TestConnection({ form }: { form: EditForm<FormValues> }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<StorageTestResult | null>(null);
  if (form.readOnly) return null;
  if (form.isNew || form.id === null) {
    return (
      <Text size="sm" c="dimmed">
        {t('storageProfiles.testSaveFirst')}
      </Text>
    );
  }
  const run = async () => {
    setRunning(true);
    setResult(null);
    try {
      setResult(await api.post<StorageTestResult>(`${storageProfiles.path}/${form.id}/test`));
    } catch {
      // The failure (an unsupported type, say) is shown by the shared error notification.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Group gap="sm" align="flex-start">
      <Button variant="default" size="xs" loading={running} onClick={run}>
        {t('storageProfiles.test')}
      </Button>
      {result && (
        <Alert
          role="status"
          color={result.ok ? 'green' : 'red'}
          title={t(result.ok ? 'storageProfiles.testOk' : 'storageProfiles.testFailed')}
          py={6}
          style={{ flex: 1 }}
        >
          {result.ok ? t('storageProfiles.testOkDetail') : result.detail}
        </Alert>
      )}
    </Group>
  );
}

const testConnection = (form: EditForm<FormValues>) => <TestConnection form={form} />;

/**
 * `/integrations/storage/{type}/{new|id}`: the path fixes the type of a new profile; the
 * definition's variants say its properties and what it requires.
 */
export function StorageProfileEdit() {
  const { pathname } = useLocation();
  const segment = pathname.split('/').at(-2) ?? '';
  const type = (STORAGE_TYPES as readonly string[]).includes(segment) ? segment : 'local';
  return (
    <ResourceEdit
      def={storageProfiles}
      variant={type}
      newTitle={`storageProfiles.newOf.${type}`}
      after={testConnection}
    />
  );
}
