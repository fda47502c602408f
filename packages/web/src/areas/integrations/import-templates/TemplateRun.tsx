import { Alert, Button, FileInput, Group, Select, Stack, Text } from '@mantine/core';
import {
  DUPLICATE_POLICIES,
  DUPLICATE_POLICY_DEFAULT,
  type DuplicatePolicy,
  IMPORT_MODES,
  type ImportItem,
  type ImportMode,
  QUEUE_TYPES_WITHOUT_IMPORT,
} from '@switchboard/model';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, apiUrl, getToken, reportFailure } from '../../../app/api';
import { ImportProgress } from '../../../kit/import/ImportProgress';
import { ImportResult } from '../../../kit/import/ImportResult';
import { cancelImport } from '../../../kit/import/import-api';
import { useImportFollow } from '../../../kit/import/useImportFollow';
import { formatCount } from '../../../locale';

/** `POST /storage/import_templates/{id}/import`: the file and the run's options; answers the import. */
async function runTemplate(id: number, file: File, mode: ImportMode, duplicates: DuplicatePolicy) {
  const form = new FormData();
  form.append('mode', mode);
  form.append('duplicates', duplicates);
  form.append('file', file, file.name);
  const res = await fetch(apiUrl(`/storage/import_templates/${id}/import`), {
    method: 'POST',
    headers: { Authorization: `Bearer ${getToken() ?? ''}` },
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as unknown;
  if (!res.ok) {
    const failure = new ApiFailure(res.status, body as ApiFailure['body']);
    reportFailure(failure);
    throw failure;
  }
  return body as ImportItem;
}

/**
 * Runs a saved template on a file: the members go into its queue through the import pipeline,
 * followed live (topic `imports`) to "Successfully added". Not offered for queue types that take
 * no imports (inbound, chat inbound); the server refuses those too.
 */
export function TemplateRun({ id, queueType }: { id: number; queueType: number | null }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatCount(value, i18n.language);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const [duplicates, setDuplicates] = useState<DuplicatePolicy>(DUPLICATE_POLICY_DEFAULT);
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { item, report, running, follow, reset, take } = useImportFollow(() => setCancelling(false));

  if (queueType !== null && QUEUE_TYPES_WITHOUT_IMPORT.includes(queueType))
    return <Alert color="gray">{t('importTemplates.run.notOffered')}</Alert>;

  const start = async () => {
    if (!file) return;
    setStarting(true);
    try {
      follow(await runTemplate(id, file, mode, duplicates));
    } catch {
      // Notified by reportFailure.
    } finally {
      setStarting(false);
    }
  };
  const cancel = async () => {
    if (!item) return;
    setCancelling(true);
    cancelImport(item.id).then(take, () => setCancelling(false));
  };

  if (item && running) return <ImportProgress item={item} cancelling={cancelling} onCancel={cancel} />;
  if (item)
    return (
      <Stack maw={880} gap="sm">
        {item.state === 'done' && item.mode !== 'dry' && (
          <Alert
            color="green"
            icon={<IconCircleCheck size={18} />}
            title={t('importTemplates.run.added')}
            data-testid="template-added"
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Group gap="lg">
              <Text size="sm">
                {t('importTemplates.run.loaded')}: <b>{n(item.rowsLoaded)}</b>
              </Text>
              <Text size="sm">
                {t('importTemplates.run.skipped')}: <b>{n(item.rowsSkipped)}</b>
              </Text>
            </Group>
          </Alert>
        )}
        <ImportResult item={item} report={report} />
        <Group>
          <Button
            variant="default"
            onClick={() => {
              reset();
              setFile(null);
            }}
          >
            {t('importTemplates.run.again')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack maw={880} gap="sm">
      <FileInput
        label={t('importTemplates.run.file')}
        placeholder={t('importTemplates.run.filePlaceholder')}
        accept=".csv,text/csv,text/plain"
        value={file}
        onChange={setFile}
        data-testid="template-run-file"
      />
      <Select
        label={t('importTemplates.run.mode')}
        allowDeselect={false}
        data={IMPORT_MODES.map((m) => ({ value: m, label: t(`importTemplates.modes.${m}`) }))}
        value={mode}
        onChange={(v) => setMode((v ?? 'all') as ImportMode)}
      />
      <Select
        label={t('importTemplates.run.duplicates')}
        allowDeselect={false}
        data={DUPLICATE_POLICIES.map((d) => ({ value: d, label: t(`importTemplates.policies.${d}`) }))}
        value={duplicates}
        onChange={(v) => setDuplicates((v ?? DUPLICATE_POLICY_DEFAULT) as DuplicatePolicy)}
      />
      <Group>
        <Button onClick={start} loading={starting} disabled={!file}>
          {t('importTemplates.run.start')}
        </Button>
      </Group>
    </Stack>
  );
}
