import { UnstyledButton } from '@mantine/core';
import { loggerConfigExports, nestedPath } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../kit/download';
import { PagedList, usePaged } from '../../../kit/list/PagedList';
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
  const path = nestedPath(loggerConfigExports, configId);
  const paged = usePaged<LogExport>(path, { size: PAGE_SIZE, sort: loggerConfigExports.defaultSort });

  return (
    <PagedList
      {...paged}
      empty={t('loggerConfig.exports.none')}
      rowData={{ 'data-testid': 'export-row' }}
      columns={[
        {
          key: 'createdAt',
          label: t('loggerConfig.exports.createdAt'),
          render: (item) => formatDateTime(item.createdAt, i18n.language),
        },
        { key: 'period', label: t('loggerConfig.exports.period'), render: periodText },
        {
          key: 'size',
          label: t('loggerConfig.exports.size'),
          render: (item) => formatCount(item.size, i18n.language),
        },
        {
          key: 'count',
          label: t('loggerConfig.exports.count'),
          render: (item) => formatCount(item.count, i18n.language),
        },
        {
          key: 'download',
          render: (item) => (
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
          ),
        },
      ]}
    />
  );
}
