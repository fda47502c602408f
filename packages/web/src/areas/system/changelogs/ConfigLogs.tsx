import { Group, TextInput, UnstyledButton } from '@mantine/core';
import { CHANGE_LOG_ACTIONS, type ListFilter, loggerConfigLogs, nestedPath } from '@switchboard/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../kit/list/ExportButton';
import { FilterBar } from '../../../kit/list/FilterBar';
import { PagedList, usePagedState } from '../../../kit/list/PagedList';
import { useListState } from '../../../kit/list/useListState';
import { useSearchBox } from '../../../kit/list/useSearchBox';
import { EntryRecord } from '../../../kit/log/EntryRecord';
import { actionWord, EntryView, type LogEntry } from '../../../kit/log/EntryView';
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
  const paged = usePagedState<LogEntry>(path, state);
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
      <PagedList
        {...paged}
        empty={state.filtered || state.q ? t('changelogs.noneFound') : t('changelogs.none')}
        rowData={{ 'data-testid': 'log-row' }}
        columns={[
          {
            key: 'date',
            label: t('changelogs.date'),
            render: (entry) => (
              <UnstyledButton
                fz="sm"
                c="blue"
                onClick={() => setShown(entry)}
                aria-label={t('changelogs.open', { date: formatDateTime(entry.date, i18n.language) })}
              >
                {formatDateTime(entry.date, i18n.language)}
              </UnstyledButton>
            ),
          },
          { key: 'action', label: t('changelogs.action'), render: (entry) => actionWord(t, entry) },
          { key: 'user', label: t('changelogs.user'), render: (entry) => entry.user?.name ?? '' },
          { key: 'userIp', label: t('changelogs.userIp'), render: (entry) => entry.userIp },
          { key: 'record', label: t('changelogs.record'), render: (entry) => <EntryRecord entry={entry} /> },
        ]}
      />
      <EntryView entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
