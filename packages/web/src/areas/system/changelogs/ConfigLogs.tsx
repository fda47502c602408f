import { Group, Table, TextInput, UnstyledButton } from '@mantine/core';
import { CHANGE_LOG_ACTIONS, type ListAnswer, type ListFilter, loggerConfigLogs, nestedPath } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { ExportButton } from '../../../kit/list/ExportButton';
import { FilterBar } from '../../../kit/list/FilterBar';
import { useListState } from '../../../kit/list/useListState';
import { useSearchBox } from '../../../kit/list/useSearchBox';
import { EntryRecord } from '../../../kit/log/EntryRecord';
import { EntryView, type LogEntry } from '../../../kit/log/EntryView';
import { PagedTable } from '../../../kit/PagedTable';
import { formatDateTime } from '../../../locale';

/** The log's filters; their values live in the URL under `logs.` beside the editor's tab. */
const FILTERS: readonly ListFilter[] = [
  { kind: 'enum', key: 'action', options: CHANGE_LOG_ACTIONS, labels: 'changelogs.actions' },
  { kind: 'ref', key: 'user', path: '/users', objClass: 'users' },
  { kind: 'dateRange', key: 'date', from: 'from', to: 'to', today: true },
  { kind: 'text', key: 'userIp' },
];

/**
 * A config's log (`/logger/config/{id}/logs`): search, filters (the day range starts at today),
 * newest first, paged; a row opens the entry; the filtered entries download as CSV.
 */
export function ConfigLogs({ configId, object }: { configId: number; object: string }) {
  const { t, i18n } = useTranslation();
  const state = useListState(loggerConfigLogs.defaultSort, { ns: 'logs', filters: FILTERS });
  const search = useSearchBox(state.q, state.setSearch);
  const [shown, setShown] = useState<LogEntry | null>(null);
  const path = nestedPath(loggerConfigLogs, configId);
  const list = useQuery({
    queryKey: [path, state.query],
    queryFn: ({ signal }) => api.get<ListAnswer<LogEntry>>(path, { query: state.query, signal }),
  });
  const { page: _page, size: _size, ...exportQuery } = state.query;

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="xs">
        <TextInput
          size="xs"
          w={240}
          label={t('changelogs.search')}
          placeholder={t('changelogs.searchHint')}
          value={search.term}
          onChange={(e) => search.setTerm(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search.submit();
          }}
        />
        <ExportButton path={path} name={`changelog-${object}`} query={exportQuery} />
      </Group>
      <FilterBar resource="changelogs" filters={FILTERS} values={state.values} onChange={state.setFilters} />
      <PagedTable
        list={list}
        page={state.page}
        onPage={state.setPage}
        empty={state.filtered || state.q ? t('changelogs.noneFound') : t('changelogs.none')}
        head={
          <>
            <Table.Th>{t('changelogs.date')}</Table.Th>
            <Table.Th>{t('changelogs.action')}</Table.Th>
            <Table.Th>{t('changelogs.user')}</Table.Th>
            <Table.Th>{t('changelogs.userIp')}</Table.Th>
            <Table.Th>{t('changelogs.record')}</Table.Th>
          </>
        }
        row={(entry) => (
          <Table.Tr key={entry.id} data-testid="log-row">
            <Table.Td>
              <UnstyledButton
                fz="sm"
                c="blue"
                onClick={() => setShown(entry)}
                aria-label={t('changelogs.open', { date: formatDateTime(entry.date, i18n.language) })}
              >
                {formatDateTime(entry.date, i18n.language)}
              </UnstyledButton>
            </Table.Td>
            <Table.Td>{t(`changelogs.actions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
            <Table.Td>{entry.user?.name ?? ''}</Table.Td>
            <Table.Td>{entry.userIp}</Table.Td>
            <Table.Td>
              <EntryRecord entry={entry} />
            </Table.Td>
          </Table.Tr>
        )}
      />
      <EntryView entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
