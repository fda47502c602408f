import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { DEFAULT_TOKEN_LIFETIME, TOKEN_LIFETIMES, userTokenInput } from '@switchboard/model';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { useRowConfirm } from '../../../kit/ConfirmDialog';
import { DeleteIcon } from '../../../kit/DeleteIcon';
import { PagedList, usePaged } from '../../../kit/list/PagedList';
import { translateMessage } from '../../../kit/messages';
import { formatDateTime } from '../../../locale';
import { TokenDialog } from './TokenDialog';

type Token = {
  id: number;
  usage: string;
  createdAt: string;
  createdBy: { id: number; name: string } | null;
  /** null: never expires. */
  expiresAt: string | null;
  /** null: not used yet. */
  lastUsedAt: string | null;
};
type Created = Token & { token: string };

/**
 * The user's API tokens: list, create (the value is shown once), delete. `stronger`: the user
 * holds rights the signed-in one lacks, and the server mints no token for them.
 */
export function UserTokens({
  userId,
  readOnly,
  stronger = false,
}: {
  userId: number;
  readOnly: boolean;
  stronger?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const path = `/users/${userId}/tokens`;
  const [usage, setUsage] = useState('');
  const [usageError, setUsageError] = useState<string>();
  /** The lifetime chosen for the next token, in days ('never': none), as the select holds it. */
  const [lifetime, setLifetime] = useState(String(DEFAULT_TOKEN_LIFETIME));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  // A token signs in as its user, so minting one for someone else takes changeUserPassword (as the API checks).
  const { user } = useSession();
  const mayCreate =
    !readOnly && !stronger && (user?.userId === userId || Boolean(user?.permissions.includes('changeUserPassword')));
  const paged = usePaged<Token>(path);

  const create = async () => {
    const expiresInDays = lifetime === 'never' ? null : Number(lifetime);
    const checked = userTokenInput.safeParse({ usage, expiresInDays });
    if (!checked.success) {
      setUsageError(translateMessage(t, checked.error.issues[0]?.message ?? ''));
      return;
    }
    setCreating(true);
    try {
      setCreated(await api.post<Created>(path, checked.data));
      setUsage('');
      setLifetime(String(DEFAULT_TOKEN_LIFETIME));
      await paged.list.refetch();
    } catch {
      // api.ts has told the user why.
    } finally {
      setCreating(false);
    }
  };

  const removal = useRowConfirm(
    async (token: Token) => {
      try {
        await api.delete(`${path}/${token.id}`);
      } finally {
        // The dialog closes as the list reloads.
        void paged.list.refetch();
      }
    },
    (token) => ({
      title: t('users.tokens.deleteTitle'),
      message: t('users.tokens.deleteConfirm', { usage: token?.usage ?? '' }),
      confirmLabel: t('kit.delete'),
      danger: true,
    }),
  );

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
          <NativeSelect
            size="sm"
            w={160}
            label={t('users.tokens.expiry')}
            data={TOKEN_LIFETIMES.map((days) =>
              days === null
                ? { value: 'never', label: t('users.tokens.expiryNever') }
                : { value: String(days), label: t('users.tokens.expiryDays', { count: days }) },
            )}
            value={lifetime}
            onChange={(e) => setLifetime(e.currentTarget.value)}
          />
          <Button size="sm" mt={24} leftSection={<IconKey size={14} />} loading={creating} onClick={create}>
            {t('users.tokens.create')}
          </Button>
        </Group>
      )}
      <PagedList
        {...paged}
        empty={t('users.tokens.none')}
        columns={[
          { key: 'usage', label: t('users.tokens.usage'), render: (token) => token.usage },
          {
            key: 'createdAt',
            label: t('users.tokens.createdAt'),
            render: (token) => formatDateTime(token.createdAt, i18n.language),
          },
          { key: 'createdBy', label: t('users.tokens.createdBy'), render: (token) => token.createdBy?.name ?? '' },
          {
            key: 'expiresAt',
            label: t('users.tokens.expiresAt'),
            render: (token) =>
              token.expiresAt ? formatDateTime(token.expiresAt, i18n.language) : t('users.tokens.never'),
          },
          {
            key: 'lastUsedAt',
            label: t('users.tokens.lastUsedAt'),
            render: (token) =>
              token.lastUsedAt ? formatDateTime(token.lastUsedAt, i18n.language) : t('users.tokens.notUsed'),
          },
          ...(readOnly
            ? []
            : [
                {
                  key: 'delete',
                  w: 40,
                  render: (token: Token) => <DeleteIcon label={t('kit.delete')} onClick={() => removal.ask(token)} />,
                },
              ]),
        ]}
      />
      <TokenDialog token={created} onClose={() => setCreated(null)} />
      {removal.dialog}
    </>
  );
}
