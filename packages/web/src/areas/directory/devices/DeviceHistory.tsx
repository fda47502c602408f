import { Group, TextInput } from '@mantine/core';
import type { ListFilter } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../kit/list/FilterBar';
import { PagedList, usePagedState } from '../../../kit/list/PagedList';
import { useListState } from '../../../kit/list/useListState';
import { useSearchBox } from '../../../kit/list/useSearchBox';
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
  const paged = usePagedState<Entry>(path, state);

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
      <PagedList
        {...paged}
        empty={t('devices.history.none')}
        columns={[
          { key: 'user', label: t('devices.history.user'), render: (entry) => entry.user?.name ?? '' },
          {
            key: 'loggedIn',
            label: t('devices.history.loggedIn'),
            render: (entry) => formatDateTime(entry.loggedInAt, i18n.language),
          },
          {
            key: 'loggedOut',
            label: t('devices.history.loggedOut'),
            render: (entry) =>
              entry.loggedOutAt ? formatDateTime(entry.loggedOutAt, i18n.language) : t('devices.history.stillIn'),
          },
        ]}
      />
    </>
  );
}
