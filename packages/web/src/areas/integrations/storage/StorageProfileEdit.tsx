import { Group, Stack, Text } from '@mantine/core';
import { STORAGE_TYPES, type StorageTestResult, storageProfiles } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../../app/api';
import type { EditForm, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { TestButton, TestResult } from '../../../kit/edit/TestResult';
import { useTestRun } from '../../../kit/edit/useTestRun';
import { formToInput } from '../../../kit/edit/values';

/**
 * "Test connection": the server writes, reads and deletes a probe object, with the values on screen
 * for a new profile, with the saved settings for a saved one. Shown to whoever may create or edit
 * the profile (the server guards it the same way).
 */
function TestConnection({ form }: { form: EditForm<FormValues> }) {
  const { t } = useTranslation();
  // A new profile is tested with the values on screen; a saved one with its stored settings.
  const { running, result, run } = useTestRun(() =>
    form.isNew || form.id === null
      ? api.post<StorageTestResult>(`${storageProfiles.path}/test`, formToInput(storageProfiles, form.values))
      : api.post<StorageTestResult>(`${storageProfiles.path}/${form.id}/test`),
  );
  if (form.readOnly) return null;
  return (
    <Group gap="sm" align="flex-start">
      <Stack gap={4} align="flex-start" maw={280}>
        <TestButton resource={storageProfiles.name} running={running} onClick={run} />
        {!form.isNew && (
          <Text size="xs" c="dimmed">
            {t('storageProfiles.testSaved')}
          </Text>
        )}
      </Stack>
      {result && (
        <TestResult resource={storageProfiles.name} ok={result.ok} style={{ flex: 1 }}>
          {result.ok ? t('storageProfiles.testOkDetail') : result.key ? t(result.key) : result.detail}
        </TestResult>
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
