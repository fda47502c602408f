import { Alert, Button, FileButton, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEVICE_CSV_COLUMNS } from '@switchboard/model';
import { IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, api } from '../../../app/api';
import { notifyError } from '../../../app/notify';
import { translateMessage } from '../../../kit/messages';

type Problem = { row: number; field: string; message: string };

/**
 * Import of devices from a CSV file: the server checks every row first and imports all or none;
 * a refused file shows the report of its wrong rows (row number, column, why).
 */
export function DeviceImport() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Problem[] | null>(null);

  const close = () => {
    setOpened(false);
    setFile(null);
    setProblems(null);
  };

  const run = async () => {
    if (!file) return;
    setBusy(true);
    setProblems(null);
    try {
      const content = await file.text();
      // The report replaces the usual error notification.
      const done = await api.post<{ imported: number }>('/devices/import', { content }, { silent: true });
      notifications.show({ color: 'green', message: t('devices.import.done', { n: done.imported }) });
      await queryClient.invalidateQueries({ queryKey: ['/devices'] });
      close();
    } catch (error) {
      if (error instanceof ApiFailure) {
        const rows = (error.body as { rows?: Problem[] }).rows;
        if (rows?.length) setProblems(rows);
        else notifyError(error.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconFileImport size={14} />} onClick={() => setOpened(true)}>
        {t('devices.import.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('devices.import.title')} size="lg">
        <Stack gap="sm">
          <Text size="sm">{t('devices.import.hint', { columns: DEVICE_CSV_COLUMNS.join(', ') })}</Text>
          <Group gap="xs">
            <FileButton
              accept=".csv,text/csv"
              onChange={(f) => {
                setFile(f);
                setProblems(null);
              }}
            >
              {(props) => (
                <Button size="xs" variant="light" {...props}>
                  {t('devices.import.choose')}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed" data-testid="import-file-name">
              {file ? file.name : t('devices.import.noFile')}
            </Text>
          </Group>
          {problems && (
            <Alert color="red" title={t('devices.import.refused', { n: new Set(problems.map((p) => p.row)).size })}>
              <ScrollArea.Autosize mah={280}>
                <Table withTableBorder striped fz="sm" verticalSpacing={4} aria-label={t('devices.import.report')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={70}>{t('devices.import.row')}</Table.Th>
                      <Table.Th w={110}>{t('devices.import.column')}</Table.Th>
                      <Table.Th>{t('devices.import.problem')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {problems.map((p) => (
                      <Table.Tr key={`${p.row}-${p.field}`}>
                        <Table.Td>{p.row}</Table.Td>
                        <Table.Td>{p.field}</Table.Td>
                        <Table.Td>{translateMessage(t, p.message)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={close}>
              {t('kit.cancel')}
            </Button>
            <Button size="xs" disabled={!file} loading={busy} onClick={run}>
              {t('devices.import.run')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
