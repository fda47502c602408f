import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ImportItem } from '@switchboard/model';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../locale';
import { downloadFile } from '../download';
import { translateMessage } from '../messages';
import { fieldKey } from '../path';
import { importErrorText } from './errors';
import { REPORT_PAGE_SIZE } from './import-api';
import type { ImportReport } from './useImportFollow';

type Props = { item: ImportItem; report: ImportReport | null };

const COLORS = { done: 'green', failed: 'red', cancelled: 'gray', queued: 'blue', running: 'blue' } as const;

/** An ended import: what it loaded, why it failed, and the first rows of its report. */
export function ImportResult({ item, report }: Props) {
  const { t, i18n } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const n = (value: number) => formatCount(value, i18n.language);
  const dry = item.mode === 'dry';
  const title = item.state === 'done' && dry ? t('imports.state.dryDone') : t(`imports.state.${item.state}`);
  // A cancelled import's reason ("Cancelled.") only repeats its title.
  const reason = item.state === 'failed' ? importErrorText(t, item) : null;
  const color = item.state === 'done' && item.rowsFailed > 0 ? 'yellow' : COLORS[item.state];
  const icon =
    item.state === 'failed' ? (
      <IconCircleX size={18} />
    ) : item.state === 'done' && item.rowsFailed === 0 ? (
      <IconCircleCheck size={18} />
    ) : (
      <IconAlertTriangle size={18} />
    );

  const download = async () => {
    setDownloading(true);
    await downloadFile(`/imports/${item.id}/errors.csv`, `import-${item.id}-report.csv`, t('imports.downloadFailed'));
    setDownloading(false);
  };

  return (
    <Stack gap="sm" data-testid="import-result">
      {/* The title in the text colour: green and yellow titles on their light ground fall short of 4.5:1. */}
      <Alert
        color={color}
        variant="light"
        title={title}
        icon={icon}
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        <Stack gap={4}>
          <Group gap="lg">
            <Text size="sm">
              {t('imports.read')}: <b>{n(item.rowsRead)}</b>
            </Text>
            <Text size="sm">
              {dry ? t('imports.wouldLoad') : t('imports.loaded')}:{' '}
              <b data-testid="import-loaded">{n(dry ? item.rowsToLoad : item.rowsLoaded)}</b>
            </Text>
            <Text size="sm">
              {t('imports.failed')}: <b data-testid="import-failed">{n(item.rowsFailed)}</b>
            </Text>
          </Group>
          {reason && (
            <Text size="sm" data-testid="import-reason">
              {reason}
            </Text>
          )}
        </Stack>
      </Alert>
      {report && report.rows.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('imports.report')}
          </Text>
          <Table.ScrollContainer minWidth={400} maxHeight={260}>
            <Table withTableBorder striped fz="sm" verticalSpacing={4} aria-label={t('imports.report')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t('imports.line')}</Table.Th>
                  <Table.Th w={140}>{t('imports.field')}</Table.Th>
                  <Table.Th>{t('imports.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several problems of one field
                  <Table.Tr key={i}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{row.field ? t(fieldKey(row.field), { defaultValue: row.field }) : ''}</Table.Td>
                    <Table.Td>{translateMessage(t, row.message)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {report?.more && (
        <Text size="xs" c="dimmed">
          {report.rows.length > 0 ? t('imports.reportMore', { n: REPORT_PAGE_SIZE }) : t('imports.reportUnavailable')}
        </Text>
      )}
      {item.rowsFailed > 0 && (
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileDownload size={14} />}
            loading={downloading}
            onClick={download}
          >
            {t('imports.download')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
