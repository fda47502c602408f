import { SimpleGrid, Table, TextInput } from '@mantine/core';
import { FIRST_PAGE, type ListAnswer, PAGE_SIZE } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { dayBound } from '../../../kit/list/filters';
import { searchTerm } from '../../../kit/list/useListState';
import { PagedTable } from '../../../kit/PagedTable';
import { formatDateTime } from '../../../locale';

type Entry = {
  id: number;
  user: { id: number | null; name: string } | null;
  loggedInAt: string;
  loggedOutAt: string | null;
};

/** The usage history of a device: who logged in on it and out of it, newest first. */
export function DeviceHistory({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(FIRST_PAGE);
  const [filters, setFilters] = useState({ q: '', from: '', to: '' });
  const path = `/devices/${deviceId}/users/audit`;
  const query = {
    page,
    size: PAGE_SIZE,
    q: searchTerm(filters.q),
    timeFrom: dayBound(filters.from, false),
    timeTo: dayBound(filters.to, true),
  };
  const list = useQuery({
    queryKey: [path, query],
    queryFn: ({ signal }) => api.get<ListAnswer<Entry>>(path, { query, signal }),
  });
  const filter = (change: Partial<typeof filters>) => {
    setFilters((old) => ({ ...old, ...change }));
    setPage(FIRST_PAGE);
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs" mb="sm" maw={720}>
        <TextInput
          size="xs"
          label={t('devices.history.user')}
          value={filters.q}
          onChange={(e) => filter({ q: e.currentTarget.value })}
        />
        <TextInput
          size="xs"
          type="date"
          label={t('devices.history.from')}
          value={filters.from}
          onChange={(e) => filter({ from: e.currentTarget.value })}
        />
        <TextInput
          size="xs"
          type="date"
          label={t('devices.history.to')}
          value={filters.to}
          onChange={(e) => filter({ to: e.currentTarget.value })}
        />
      </SimpleGrid>
      <PagedTable
        list={list}
        page={page}
        onPage={setPage}
        empty={t('devices.history.none')}
        head={
          <>
            <Table.Th>{t('devices.history.user')}</Table.Th>
            <Table.Th>{t('devices.history.loggedIn')}</Table.Th>
            <Table.Th>{t('devices.history.loggedOut')}</Table.Th>
          </>
        }
        row={(entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{entry.user?.name ?? ''}</Table.Td>
            <Table.Td>{formatDateTime(entry.loggedInAt, i18n.language)}</Table.Td>
            <Table.Td>
              {entry.loggedOutAt ? formatDateTime(entry.loggedOutAt, i18n.language) : t('devices.history.stillIn')}
            </Table.Td>
          </Table.Tr>
        )}
      />
    </>
  );
}
