import { Button, FileButton, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { blacklistNumbers, guardingRight } from '@switchboard/model';
import { IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { translateMessage } from '../../../kit/messages';
import { fieldKey } from '../../../kit/path';

type Report = { detail: string; rows: { line: string; field: string; message: string }[] };

/** `3.expireAt` → line 3, field expireAt; a file-level problem has the field `csv`. */
function reportRow(field: string, message: string) {
  const dot = field.indexOf('.');
  return dot > 0 ? { line: field.slice(0, dot), field: field.slice(dot + 1), message } : { line: '', field, message };
}

/**
 * Imports a CSV of numbers (number, description, expireAt; a header row is optional). The server
 * adds every row or none; a refusal opens the per-row report.
 */
export function ImportNumbers({ path }: { path: string }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const needed = guardingRight(blacklistNumbers, 'x');
  if (!can(needed.objClass, needed.right)) return null;

  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const csv = await file.text();
      const answer = await api.post<{ imported: number }>(`${path}/import`, { csv }, { silent: true });
      notifications.show({ color: 'green', message: t('blacklists.imported', { n: answer.imported }) });
      await queryClient.invalidateQueries({ queryKey: [path] });
    } catch (error) {
      if (error instanceof ApiFailure) {
        setReport({
          detail: error.body.detail ?? error.message,
          rows: (error.body.fields ?? []).map((f) => reportRow(f.field, f.message)),
        });
      }
    } finally {
      setBusy(false);
    }
  };

  const fieldLabel = (field: string) => (field === 'csv' ? t('blacklists.file') : t(fieldKey(field)));

  return (
    <>
      <FileButton onChange={upload} accept=".csv,text/csv,text/plain">
        {(props) => (
          <Button {...props} size="xs" variant="default" loading={busy} leftSection={<IconFileImport size={14} />}>
            {t('blacklists.importCsv')}
          </Button>
        )}
      </FileButton>
      <Modal opened={report !== null} onClose={() => setReport(null)} title={t('blacklists.importFailed')} size="lg">
        {report && (
          <Stack gap="sm">
            <Text size="sm">{report.detail}</Text>
            <Table withTableBorder striped fz="sm" data-testid="import-report">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('blacklists.line')}</Table.Th>
                  <Table.Th>{t('blacklists.field')}</Table.Th>
                  <Table.Th>{t('blacklists.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rows.map((row) => (
                  <Table.Tr key={`${row.line}.${row.field}`}>
                    <Table.Td>{row.line}</Table.Td>
                    <Table.Td>{fieldLabel(row.field)}</Table.Td>
                    <Table.Td>{translateMessage(t, row.message)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Modal>
    </>
  );
}
