import { ActionIcon, Table } from '@mantine/core';
import {
  CHANGE_LOG_ACTIONS,
  type ListAnswer,
  type ListFilter,
  LOGGABLE_OBJECTS,
  SESSION_LOG_ACTIONS,
} from '@switchboard/model';
import { IconFileDescription } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { FilterBar } from '../../../kit/list/FilterBar';
import { useListState } from '../../../kit/list/useListState';
import { EntryRecord } from '../../../kit/log/EntryRecord';
import { type LogEntry as Entry, EntryView } from '../../../kit/log/EntryView';
import { PagedTable } from '../../../kit/PagedTable';
import { formatDateTime } from '../../../locale';

/** Change-log actions, and the sign-ins and sign-outs the audit log also records. */
const ACTIONS = [...CHANGE_LOG_ACTIONS, ...SESSION_LOG_ACTIONS] as const;

/** The log's filters; their values live in the URL under `logs.` beside the editor's tab. */
const FILTERS: readonly ListFilter[] = [
  { kind: 'enum', key: 'action', options: ACTIONS, labels: 'changelogs.actions' },
  { kind: 'enum', key: 'object', options: LOGGABLE_OBJECTS, labels: 'changelogs.objects' },
  { kind: 'dateRange', key: 'date', from: 'from', to: 'to' },
];

/** The user's audit log, newest first, with filters on action, object and a date range. */
export function UserLogs({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const state = useListState('', { ns: 'logs', filters: FILTERS });
  const [shown, setShown] = useState<Entry | null>(null);
  const path = `/logger/user/${userId}/logs`;
  const list = useQuery({
    queryKey: [path, state.query],
    queryFn: ({ signal }) => api.get<ListAnswer<Entry>>(path, { query: state.query, signal }),
  });

  return (
    <>
      <FilterBar resource="users.logs" filters={FILTERS} values={state.values} onChange={state.setFilters} />
      <PagedTable
        list={list}
        page={state.page}
        onPage={state.setPage}
        empty={t('users.logs.none')}
        head={
          <>
            <Table.Th>{t('users.logs.date')}</Table.Th>
            <Table.Th>{t('users.logs.action')}</Table.Th>
            <Table.Th>{t('users.logs.object')}</Table.Th>
            <Table.Th>{t('users.logs.record')}</Table.Th>
            <Table.Th>{t('users.logs.user')}</Table.Th>
            <Table.Th>{t('users.logs.userIp')}</Table.Th>
            <Table.Th w={40} />
          </>
        }
        row={(entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{formatDateTime(entry.date, i18n.language)}</Table.Td>
            <Table.Td>{t(`changelogs.actions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
            <Table.Td>{t(`changelogs.objects.${entry.object}`, { defaultValue: entry.object })}</Table.Td>
            <Table.Td>
              <EntryRecord entry={entry} />
            </Table.Td>
            <Table.Td>{entry.user?.name ?? ''}</Table.Td>
            <Table.Td>{entry.userIp}</Table.Td>
            <Table.Td>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('users.logs.details')}
                onClick={() => setShown(entry)}
              >
                <IconFileDescription size={14} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <EntryView entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
