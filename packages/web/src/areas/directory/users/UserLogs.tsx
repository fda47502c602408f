import { ActionIcon } from '@mantine/core';
import { CHANGE_LOG_ACTIONS, type ListFilter, LOGGABLE_OBJECTS, SESSION_LOG_ACTIONS } from '@switchboard/model';
import { IconFileDescription } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../kit/list/FilterBar';
import { PagedList, usePagedState } from '../../../kit/list/PagedList';
import { useListState } from '../../../kit/list/useListState';
import { EntryRecord } from '../../../kit/log/EntryRecord';
import { actionWord, type LogEntry as Entry, EntryView, objectWord } from '../../../kit/log/EntryView';
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
  const paged = usePagedState<Entry>(path, state);

  return (
    <>
      <FilterBar resource="users.logs" filters={FILTERS} values={state.values} onChange={state.setFilters} />
      <PagedList
        {...paged}
        empty={t('users.logs.none')}
        columns={[
          { key: 'date', label: t('users.logs.date'), render: (entry) => formatDateTime(entry.date, i18n.language) },
          { key: 'action', label: t('users.logs.action'), render: (entry) => actionWord(t, entry) },
          { key: 'object', label: t('users.logs.object'), render: (entry) => objectWord(t, entry) },
          { key: 'record', label: t('users.logs.record'), render: (entry) => <EntryRecord entry={entry} /> },
          { key: 'user', label: t('users.logs.user'), render: (entry) => entry.user?.name ?? '' },
          { key: 'userIp', label: t('users.logs.userIp'), render: (entry) => entry.userIp },
          {
            key: 'details',
            w: 40,
            render: (entry) => (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('users.logs.details')}
                onClick={() => setShown(entry)}
              >
                <IconFileDescription size={14} />
              </ActionIcon>
            ),
          },
        ]}
      />
      <EntryView entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
