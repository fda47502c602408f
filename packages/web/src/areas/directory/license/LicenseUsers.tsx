import { Alert, Badge, Button, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  FIRST_PAGE,
  LICENSE_USERS_SHOWN,
  type LicenseItem,
  type LicenseUser,
  type ListAnswer,
  PAGE_SIZE,
} from '@switchboard/model';
import { IconLogout } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { useRowConfirm } from '../../../kit/ConfirmDialog';
import { BackToList } from '../../../kit/edit/BackToList';
import { ScreenLoader } from '../../../kit/LoadState';
import { PagedList } from '../../../kit/list/PagedList';
import { fieldKey } from '../../../kit/path';
import { formatDateTime } from '../../../locale';

/** The first licenses of a user (spec: the columns show the first 5), then how many more. */
function LicenseBadges({ license }: { license: LicenseUser['license'] }) {
  const { t } = useTranslation();
  const shown = license.slice(0, LICENSE_USERS_SHOWN);
  const more = license.length - shown.length;
  return (
    <Group gap={4}>
      {shown.map((l) => (
        <Badge key={l.id} size="xs" variant="light">
          {l.prod}
        </Badge>
      ))}
      {more > 0 && (
        <Badge size="xs" variant="outline" color="gray">
          {t('licenses.more', { n: more })}
        </Badge>
      )}
    </Group>
  );
}

function Summary({ license }: { license: LicenseItem }) {
  const { t, i18n } = useTranslation();
  const fact = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} mb="md" spacing="sm">
      {fact(t(fieldKey('serial')), license.serial)}
      {fact(t(fieldKey('used')), `${license.used} / ${license.limit}`)}
      {fact(t(fieldKey('notBefore')), formatDateTime(license.notBefore, i18n.language))}
      {fact(t(fieldKey('notAfter')), formatDateTime(license.notAfter, i18n.language))}
      {fact(t(fieldKey('competitive')), license.competitive ? t('licenses.concurrent') : t('licenses.named'))}
    </SimpleGrid>
  );
}

/**
 * `/directory/license/{id}`: the license and the users holding it (GET /products/{id}/users), with
 * their live sessions and a logout per user. Listing holders and logging them out need
 * manageUserLicense; without it the screen says so rather than failing.
 */
export function LicenseUsers() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useSession();
  const mayManage = user?.permissions.includes('manageUserLicense') ?? false;
  const [page, setPage] = useState(FIRST_PAGE);

  const license = useQuery({
    queryKey: ['/license', Number(id)],
    queryFn: ({ signal }) => api.get<LicenseItem>(`/license/${id}`, { signal }),
  });
  const holders = useQuery({
    queryKey: ['/license', Number(id), 'users', page],
    queryFn: ({ signal }) =>
      api.get<ListAnswer<LicenseUser>>(`/products/${id}/users`, { query: { page, size: PAGE_SIZE }, signal }),
    enabled: mayManage && license.isSuccess,
    placeholderData: keepPreviousData,
  });

  const logout = useRowConfirm(
    async (holder: LicenseUser) => {
      const answer = await api.post<{ sessions: number }>(`/products/${id}/users/${holder.id}/logout`);
      notifications.show({ color: 'green', message: t('licenses.loggedOut', { n: answer.sessions }) });
      await holders.refetch();
    },
    (holder) => ({
      title: t('licenses.logoutTitle'),
      message: t('licenses.logoutConfirm', { name: holder?.username ?? '' }),
      confirmLabel: t('licenses.logout'),
      danger: true,
    }),
  );

  if (license.isError) {
    return (
      <Paper withBorder p="md">
        <Group gap="xs">
          <BackToList />
          <Text c="red">{t('kit.loadFailed')}</Text>
        </Group>
      </Paper>
    );
  }
  if (!license.data) return <ScreenLoader />;

  return (
    <Paper withBorder p="md">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <BackToList />
        <Title order={3}>{license.data.product}</Title>
      </Group>
      <Summary license={license.data} />
      <Title order={5} mb="xs">
        {t('licenses.users')}
      </Title>
      {mayManage ? (
        <PagedList
          list={holders}
          page={page}
          onPage={setPage}
          empty={t('licenses.noUsers')}
          columns={[
            { key: 'domain', label: t(fieldKey('domain')), render: (holder) => holder.domain },
            {
              key: 'user',
              label: t('licenses.user'),
              render: (holder) =>
                holder.user.name && holder.user.name !== holder.username
                  ? `${holder.user.name} (${holder.username})`
                  : holder.username,
            },
            { key: 'sessions', label: t(fieldKey('sessions')), render: (holder) => holder.sessions },
            {
              key: 'licenses',
              label: t('licenses.licenses'),
              render: (holder) => <LicenseBadges license={holder.license} />,
            },
            {
              key: 'logout',
              w: 120,
              render: (holder) => (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  leftSection={<IconLogout size={12} />}
                  disabled={holder.sessions === 0}
                  aria-label={t('licenses.logoutUser', { name: holder.username })}
                  onClick={() => logout.ask(holder)}
                >
                  {t('licenses.logout')}
                </Button>
              ),
            },
          ]}
        />
      ) : (
        <Alert color="gray" p="xs">
          <Text size="sm">{t('licenses.needsManage')}</Text>
        </Alert>
      )}
      {logout.dialog}
    </Paper>
  );
}
