import { ActionIcon, Code, Group, Modal, Table, Text } from '@mantine/core';
import { CHANGE_LOG_ACTIONS, type ListAnswer, type ListFilter, LOGGABLE_OBJECTS } from '@switchboard/model';
import { IconFileDescription } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { FilterBar } from '../../../kit/list/FilterBar';
import { useListState } from '../../../kit/list/useListState';
import { PagedTable } from '../../../kit/PagedTable';
import { formatDateTime } from '../../../locale';

type Entry = {
  id: number;
  action: string;
  object: string;
  recordId: number | null;
  date: string;
  user: { id: number; name: string } | null;
  userIp: string;
  newState: unknown;
  oldState: unknown;
};

/** Change-log actions, and the sign-ins the audit log also records. */
const ACTIONS = [...CHANGE_LOG_ACTIONS, 'login'] as const;

/** The log's filters; their values live in the URL under `logs.` beside the editor's tab. */
const FILTERS: readonly ListFilter[] = [
  { kind: 'enum', key: 'action', options: ACTIONS, labels: 'users.logs.actions' },
  { kind: 'enum', key: 'object', options: LOGGABLE_OBJECTS, labels: 'users.logs.objects' },
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
            <Table.Td>{t(`users.logs.actions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
            <Table.Td>{t(`users.logs.objects.${entry.object}`, { defaultValue: entry.object })}</Table.Td>
            <Table.Td>{entry.recordId ?? ''}</Table.Td>
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
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t('users.logs.details')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('kit.close') }}
      >
        {shown && (
          <Group align="flex-start" grow>
            <div>
              <Text size="sm" fw={600} mb={4}>
                {t('users.logs.oldState')}
              </Text>
              <Code block>{JSON.stringify(shown.oldState, null, 2)}</Code>
            </div>
            <div>
              <Text size="sm" fw={600} mb={4}>
                {t('users.logs.newState')}
              </Text>
              <Code block>{JSON.stringify(shown.newState, null, 2)}</Code>
            </div>
          </Group>
        )}
      </Modal>
    </>
  );
}
