import { Button, Code, Table } from '@mantine/core';
import { FIRST_PAGE, type FlowVersion, type ListAnswer, PAGE_SIZE } from '@switchboard/model';
import { IconRestore } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { ConfirmDialog } from '../../../kit/ConfirmDialog';
import { PagedTable } from '../../../kit/PagedTable';
import { formatDateTime } from '../../../locale';

const PREVIEW_MAX = 80;

/** The flow's kept schemas, newest first; restoring one saves it (keeping the current one too). */
export function FlowVersions({
  flowId,
  readOnly,
  onRestored,
}: {
  flowId: number;
  readOnly: boolean;
  onRestored: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const path = `/routing/schema/${flowId}/versions`;
  const [page, setPage] = useState(FIRST_PAGE);
  const [restoring, setRestoring] = useState<FlowVersion | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: [path, page],
    queryFn: ({ signal }) => api.get<ListAnswer<FlowVersion>>(path, { query: { page, size: PAGE_SIZE }, signal }),
  });

  const restore = async (version: FlowVersion) => {
    setBusy(true);
    try {
      await api.post(`${path}/${version.id}/restore`, {});
      await onRestored();
      await queryClient.invalidateQueries({ queryKey: [path] });
    } catch {
      // api.ts has told the user why.
    } finally {
      setBusy(false);
      setRestoring(null);
    }
  };

  const preview = (schema: unknown) => {
    const text = JSON.stringify(schema);
    return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
  };

  return (
    <>
      <PagedTable
        list={list}
        page={page}
        onPage={setPage}
        empty={t('flows.versions.empty')}
        head={
          <>
            <Table.Th>{t('flows.versions.version')}</Table.Th>
            <Table.Th>{t('flows.versions.savedAt')}</Table.Th>
            <Table.Th>{t('flows.versions.savedBy')}</Table.Th>
            <Table.Th>{t('flows.tabs.schema')}</Table.Th>
            <Table.Th />
          </>
        }
        row={(v) => (
          <Table.Tr key={v.id}>
            <Table.Td>{v.version}</Table.Td>
            <Table.Td>{formatDateTime(v.savedAt, i18n.language)}</Table.Td>
            <Table.Td>{v.savedBy?.name ?? ''}</Table.Td>
            <Table.Td>
              <Code>{preview(v.schema)}</Code>
            </Table.Td>
            <Table.Td>
              {!readOnly && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRestore size={14} />}
                  onClick={() => setRestoring(v)}
                >
                  {t('flows.versions.restore')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={restoring !== null}
        title={t('flows.versions.restoreTitle')}
        message={t('flows.versions.restoreConfirm', { version: restoring?.version ?? '' })}
        confirmLabel={t('flows.versions.restore')}
        busy={busy}
        onConfirm={() => restoring && restore(restoring)}
        onCancel={() => setRestoring(null)}
      />
    </>
  );
}
