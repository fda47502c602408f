import { Alert, Badge, Loader, Switch, Table, Text } from '@mantine/core';
import { type LicenseItem, type ListAnswer, MAX_PAGE_SIZE } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import type { EditForm } from '../../../kit/edit/form';
import { fieldKey } from '../../../kit/path';
import { formatDateTime } from '../../../locale';
import type { UserValues } from './values';

/**
 * The user's licence tab: every license of the domain with a switch that adds or removes its id in
 * the user's list (saved with the user). The server counts the seats when saving and refuses past
 * the limit or an expired license; its message shows above the list. Switching needs
 * manageUserLicense.
 */
export function UserLicenses({ form }: { form: EditForm<UserValues> }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const mayAssign = !form.readOnly && (user?.permissions.includes('manageUserLicense') ?? false);
  const list = useQuery({
    // The saved item's stamp is part of the key: after a save the seats are read again.
    queryKey: ['/license', 'user-tab', form.item?.updatedAt ?? null],
    queryFn: ({ signal }) =>
      api.get<ListAnswer<LicenseItem>>('/license', { query: { size: MAX_PAGE_SIZE, sort: '+product' }, signal }),
  });
  const held = new Set(form.values.license);
  const error = form.error('license');

  const flip = (id: number, on: boolean) =>
    form.set('license', on ? [...form.values.license, id] : form.values.license.filter((x) => x !== id));

  if (list.isPending) return <Loader size="sm" />;
  const items = list.data?.items ?? [];
  return (
    <>
      {error && (
        <Alert color="red" p="xs" mb="sm" role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      )}
      {!mayAssign && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('licenses.assignNeedsManage')}
        </Text>
      )}
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('licenses.none')}
        </Text>
      ) : (
        <Table withTableBorder striped verticalSpacing={6} fz="sm" maw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('licenses.assigned')}</Table.Th>
              <Table.Th>{t(fieldKey('product'))}</Table.Th>
              <Table.Th>{t(fieldKey('serial'))}</Table.Th>
              <Table.Th>{t(fieldKey('notAfter'))}</Table.Th>
              <Table.Th>{t(fieldKey('used'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((license) => {
              const on = held.has(license.id);
              const expired = license.validTill <= Date.now();
              return (
                <Table.Tr key={license.id}>
                  <Table.Td>
                    <Switch
                      size="xs"
                      checked={on}
                      // An expired license can be taken away but not newly given.
                      disabled={!mayAssign || (expired && !on)}
                      aria-label={t('licenses.toggle', { product: license.product, serial: license.serial })}
                      onChange={(e) => flip(license.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{license.product}</Table.Td>
                  <Table.Td>{license.serial}</Table.Td>
                  <Table.Td>
                    {formatDateTime(license.notAfter, i18n.language)}{' '}
                    {expired && (
                      <Badge size="xs" color="red" variant="light">
                        {t('licenses.expired')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{`${license.used} / ${license.limit}`}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
