import { ActionIcon, Code, Group, Modal, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { CHANGE_LOG_ACTIONS, FIRST_PAGE, type ListAnswer, LOGGABLE_OBJECTS, PAGE_SIZE } from '@switchboard/model';
import { IconFileDescription } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { dayBound } from '../../../kit/list/filters';
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

type Filters = { action: string | null; object: string | null; from: string; to: string };

/** The user's audit log, newest first, with filters on action, object and a date range. */
export function UserLogs({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ action: null, object: null, from: '', to: '' });
  const [page, setPage] = useState(FIRST_PAGE);
  const [shown, setShown] = useState<Entry | null>(null);
  const path = `/logger/user/${userId}/logs`;
  const query = {
    page,
    size: PAGE_SIZE,
    action: filters.action ?? undefined,
    object: filters.object ?? undefined,
    from: dayBound(filters.from, false),
    to: dayBound(filters.to, true),
  };
  const list = useQuery({
    queryKey: [path, query],
    queryFn: ({ signal }) => api.get<ListAnswer<Entry>>(path, { query, signal }),
  });
  const filter = (change: Partial<Filters>) => {
    setFilters((old) => ({ ...old, ...change }));
    setPage(FIRST_PAGE);
  };

  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" mb="sm" maw={960}>
        <Select
          size="xs"
          label={t('users.logs.action')}
          clearable
          value={filters.action}
          data={ACTIONS.map((a) => ({ value: a, label: t(`users.logs.actions.${a}`) }))}
          onChange={(action) => filter({ action })}
        />
        <Select
          size="xs"
          label={t('users.logs.object')}
          clearable
          value={filters.object}
          data={LOGGABLE_OBJECTS.map((o) => ({ value: o, label: t(`users.logs.objects.${o}`) }))}
          onChange={(object) => filter({ object })}
        />
        <TextInput
          size="xs"
          type="date"
          label={t('users.logs.from')}
          value={filters.from}
          onChange={(e) => filter({ from: e.currentTarget.value })}
        />
        <TextInput
          size="xs"
          type="date"
          label={t('users.logs.to')}
          value={filters.to}
          onChange={(e) => filter({ to: e.currentTarget.value })}
        />
      </SimpleGrid>
      <PagedTable
        list={list}
        page={page}
        onPage={setPage}
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
