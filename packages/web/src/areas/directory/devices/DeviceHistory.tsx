import { Group, Table, TextInput } from '@mantine/core';
import type { ListAnswer, ListFilter } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { FilterBar } from '../../../kit/list/FilterBar';
import { useListState } from '../../../kit/list/useListState';
import { useSearchBox } from '../../../kit/list/useSearchBox';
import { PagedTable } from '../../../kit/PagedTable';
import { formatDateTime } from '../../../locale';

type Entry = {
  id: number;
  user: { id: number | null; name: string } | null;
  loggedInAt: string;
  loggedOutAt: string | null;
};

/** Log-ins by date; the values live in the URL under `history.` beside the editor's tab. */
const FILTERS: readonly ListFilter[] = [{ kind: 'dateRange', key: 'loggedIn', from: 'timeFrom', to: 'timeTo' }];

/** The usage history of a device: who logged in on it and out of it, newest first. */
export function DeviceHistory({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
  const state = useListState('', { ns: 'history', filters: FILTERS });
  const search = useSearchBox(state.q, state.setSearch);
  const path = `/devices/${deviceId}/users/audit`;
  const list = useQuery({
    queryKey: [path, state.query],
    queryFn: ({ signal }) => api.get<ListAnswer<Entry>>(path, { query: state.query, signal }),
  });

  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          size="xs"
          mb="sm"
          label={t('devices.history.user')}
          value={search.term}
          onChange={(e) => search.setTerm(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search.submit();
          }}
        />
        <FilterBar resource="devices.history" filters={FILTERS} values={state.values} onChange={state.setFilters} />
      </Group>
      <PagedTable
        list={list}
        page={state.page}
        onPage={state.setPage}
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
