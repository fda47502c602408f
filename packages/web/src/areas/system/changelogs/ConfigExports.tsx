import { Table, UnstyledButton } from '@mantine/core';
import { FIRST_PAGE, type ListAnswer, loggerConfigExports, nestedPath } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { downloadFile } from '../../../kit/download';
import { PagedTable } from '../../../kit/PagedTable';
import { formatCount, formatDateTime } from '../../../locale';

type LogExport = { id: number; periodStart: string; periodEnd: string; createdAt: string; size: number; count: number };

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

/** The period's days as `from – to` (the end is the instant after its last day). */
function periodText(item: LogExport): string {
  const from = item.periodStart.slice(0, 10);
  const to = new Date(Date.parse(item.periodEnd) - DAY_MS).toISOString().slice(0, 10);
  return from === to ? from : `${from} – ${to}`;
}

/**
 * The exports of a config's log (`/logger/config/{id}/exports`): one JSON-lines file per closed
 * period, newest first, paged; each downloads.
 */
export function ConfigExports({ configId, object }: { configId: number; object: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(FIRST_PAGE);
  const path = nestedPath(loggerConfigExports, configId);
  const query = { page, size: PAGE_SIZE, sort: loggerConfigExports.defaultSort };
  const list = useQuery({
    queryKey: [path, query],
    queryFn: ({ signal }) => api.get<ListAnswer<LogExport>>(path, { query, signal }),
  });

  return (
    <PagedTable
      list={list}
      page={page}
      onPage={setPage}
      empty={t('loggerConfig.exports.none')}
      head={
        <>
          <Table.Th>{t('loggerConfig.exports.createdAt')}</Table.Th>
          <Table.Th>{t('loggerConfig.exports.period')}</Table.Th>
          <Table.Th>{t('loggerConfig.exports.size')}</Table.Th>
          <Table.Th>{t('loggerConfig.exports.count')}</Table.Th>
          <Table.Th />
        </>
      }
      row={(item) => (
        <Table.Tr key={item.id} data-testid="export-row">
          <Table.Td>{formatDateTime(item.createdAt, i18n.language)}</Table.Td>
          <Table.Td>{periodText(item)}</Table.Td>
          <Table.Td>{formatCount(item.size, i18n.language)}</Table.Td>
          <Table.Td>{formatCount(item.count, i18n.language)}</Table.Td>
          <Table.Td>
            <UnstyledButton
              fz="sm"
              c="blue"
              onClick={() =>
                downloadFile(
                  `${path}/${item.id}/download`,
                  `changelog-${object}-${periodText(item).replace(' – ', '-')}.jsonl`,
                  t('loggerConfig.exports.downloadFailed'),
                )
              }
            >
              {t('loggerConfig.exports.download')}
            </UnstyledButton>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
