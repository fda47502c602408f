import { ActionIcon, Button, Group, Table, TextInput } from '@mantine/core';
import { FIRST_PAGE, type ListAnswer, PAGE_SIZE, userTokenInput } from '@switchboard/model';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../kit/ConfirmDialog';
import { translateMessage } from '../../../kit/messages';
import { PagedTable } from '../../../kit/PagedTable';
import { formatDateTime } from '../../../locale';
import { TokenDialog } from './TokenDialog';

type Token = { id: number; usage: string; createdAt: string; createdBy: { id: number; name: string } | null };
type Created = Token & { token: string };

/** The user's API tokens: list, create (the value is shown once), delete. */
export function UserTokens({ userId, readOnly }: { userId: number; readOnly: boolean }) {
  const { t, i18n } = useTranslation();
  const path = `/users/${userId}/tokens`;
  const [page, setPage] = useState(FIRST_PAGE);
  const [usage, setUsage] = useState('');
  const [usageError, setUsageError] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [removing, setRemoving] = useState<Token | null>(null);
  // A token signs in as its user, so minting one for someone else takes changeUserPassword (as the API checks).
  const { user } = useSession();
  const mayCreate = !readOnly && (user?.userId === userId || Boolean(user?.permissions.includes('changeUserPassword')));
  const list = useQuery({
    queryKey: [path, page],
    queryFn: ({ signal }) => api.get<ListAnswer<Token>>(path, { query: { page, size: PAGE_SIZE }, signal }),
  });

  const create = async () => {
    const checked = userTokenInput.safeParse({ usage });
    if (!checked.success) {
      setUsageError(translateMessage(t, checked.error.issues[0]?.message ?? ''));
      return;
    }
    setCreating(true);
    try {
      setCreated(await api.post<Created>(path, checked.data));
      setUsage('');
      await list.refetch();
    } catch {
      // api.ts has told the user why.
    } finally {
      setCreating(false);
    }
  };

  const remove = async (token: Token) => {
    try {
      await api.delete(`${path}/${token.id}`);
    } catch {
      // api.ts has told the user why.
    }
    setRemoving(null);
    await list.refetch();
  };

  return (
    <>
      {mayCreate && (
        <Group align="flex-start" mb="sm" gap="xs">
          <TextInput
            size="sm"
            w={320}
            label={t('users.tokens.usage')}
            value={usage}
            error={usageError}
            onChange={(e) => {
              setUsage(e.currentTarget.value);
              setUsageError(undefined);
            }}
          />
          <Button size="sm" mt={24} leftSection={<IconKey size={14} />} loading={creating} onClick={create}>
            {t('users.tokens.create')}
          </Button>
        </Group>
      )}
      <PagedTable
        list={list}
        page={page}
        onPage={setPage}
        empty={t('users.tokens.none')}
        head={
          <>
            <Table.Th>{t('users.tokens.usage')}</Table.Th>
            <Table.Th>{t('users.tokens.createdAt')}</Table.Th>
            <Table.Th>{t('users.tokens.createdBy')}</Table.Th>
            {!readOnly && <Table.Th w={40} />}
          </>
        }
        row={(token) => (
          <Table.Tr key={token.id}>
            <Table.Td>{token.usage}</Table.Td>
            <Table.Td>{formatDateTime(token.createdAt, i18n.language)}</Table.Td>
            <Table.Td>{token.createdBy?.name ?? ''}</Table.Td>
            {!readOnly && (
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('kit.delete')}
                  onClick={() => setRemoving(token)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Table.Td>
            )}
          </Table.Tr>
        )}
      />
      <TokenDialog token={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('users.tokens.deleteTitle')}
        message={t('users.tokens.deleteConfirm', { usage: removing?.usage ?? '' })}
        confirmLabel={t('kit.delete')}
        danger
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
