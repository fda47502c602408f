import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useRowConfirm } from '../../../kit/ConfirmDialog';

/** Where the server serves a gateway's page calls: `{uri}?pages=` under this prefix. */
const hookPath = (uri: string) => `/chat/hook${uri}`;

export type PagesKind = 'pages' | 'instagram' | 'whatsapp';

type PageRow = {
  id: string;
  name?: string;
  username?: string;
  subscribed: boolean;
  instagram?: { id: string; username: string } | null;
  page?: { id: string; name: string };
  phoneNumbers?: string[];
};

/**
 * The messenger pages, Instagram accounts or WhatsApp accounts of a saved gateway, as the server
 * reads them from the provider: subscribe or unsubscribe each, get the setup link that grants
 * more, and (WhatsApp) remove one.
 */
export function ChatPages({ uri, kind, readOnly }: { uri: string; kind: PagesKind; readOnly: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = [hookPath(uri), kind];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ items: PageRow[] }>(hookPath(uri), { query: { [kind]: 'list' }, signal }),
    retry: false,
  });
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (action: string, id?: string, extra: Record<string, string> = {}) => {
    setBusy(`${action}:${id ?? ''}`);
    try {
      const answer = await api.get<{ items: PageRow[] }>(hookPath(uri), { query: { [kind]: action, id, ...extra } });
      queryClient.setQueryData(key, answer);
    } catch {
      // api.ts has told the user why; the list shows what the provider has.
      await list.refetch();
    } finally {
      setBusy(null);
    }
  };

  const removal = useRowConfirm(
    (row: PageRow) => act('remove', row.id, { ack: 'true' }),
    (row) => ({
      title: t('chatGateways.pages.removeTitle'),
      message: t('chatGateways.pages.removeConfirm', { name: row?.name ?? '' }),
      confirmLabel: t('kit.delete'),
      danger: true,
    }),
  );

  const setup = async () => {
    setBusy('setup');
    try {
      const { url } = await api.get<{ url: string }>(hookPath(uri), {
        query: { [kind === 'whatsapp' ? 'whatsapp' : 'pages']: 'setup' },
      });
      window.location.assign(url);
    } catch {
      setBusy(null);
    }
  };

  const items = list.data?.items ?? [];
  return (
    <Stack maw={960} gap="sm">
      <Group gap="xs">
        {kind !== 'instagram' && !readOnly && (
          <Button size="xs" leftSection={<IconExternalLink size={14} />} loading={busy === 'setup'} onClick={setup}>
            {t('chatGateways.pages.setup')}
          </Button>
        )}
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => list.refetch()}>
          {t('kit.refresh')}
        </Button>
      </Group>
      {list.isPending && <Loader size="sm" />}
      {list.isError && (
        <Text size="sm" c="red">
          {t('kit.loadFailed')}
        </Text>
      )}
      {list.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t(`chatGateways.pages.none_${kind}`)}
        </Text>
      )}
      {items.length > 0 && (
        <Table withTableBorder striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('chatGateways.pages.name')}</Table.Th>
              <Table.Th>{t('chatGateways.pages.id')}</Table.Th>
              {kind === 'pages' && <Table.Th>{t('chatGateways.pages.instagram')}</Table.Th>}
              {kind === 'instagram' && <Table.Th>{t('chatGateways.pages.page')}</Table.Th>}
              {kind === 'whatsapp' && <Table.Th>{t('chatGateways.pages.phoneNumbers')}</Table.Th>}
              <Table.Th>{t('chatGateways.pages.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.name ?? row.username}</Table.Td>
                <Table.Td>{row.id}</Table.Td>
                {kind === 'pages' && <Table.Td>{row.instagram ? `@${row.instagram.username}` : '—'}</Table.Td>}
                {kind === 'instagram' && <Table.Td>{row.page?.name}</Table.Td>}
                {kind === 'whatsapp' && <Table.Td>{(row.phoneNumbers ?? []).join(', ')}</Table.Td>}
                <Table.Td>
                  <Badge size="sm" variant="light" color={row.subscribed ? 'green' : 'gray'}>
                    {t(row.subscribed ? 'chatGateways.pages.subscribed' : 'chatGateways.pages.notSubscribed')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {kind !== 'instagram' && !readOnly && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        color={row.subscribed ? 'red' : undefined}
                        loading={busy?.endsWith(`:${row.id}`)}
                        onClick={() => act(row.subscribed ? 'unsubscribe' : 'subscribe', row.id)}
                      >
                        {t(row.subscribed ? 'chatGateways.pages.unsubscribe' : 'chatGateways.pages.subscribe')}
                      </Button>
                      {kind === 'whatsapp' && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => removal.ask(row)}>
                          {t('kit.delete')}
                        </Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {removal.dialog}
    </Stack>
  );
}
