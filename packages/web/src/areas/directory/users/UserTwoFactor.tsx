import { Badge, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { notifySuccess } from '../../../app/notify';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../kit/ConfirmDialog';

type Status = { enabled: boolean; required: boolean; recoveryCodesLeft: number };

/** Whether the user signs in with a second factor, and a reset for whoever may edit users. */
export function UserTwoFactor({ userId, readOnly }: { userId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const path = `/users/${userId}/two-factor`;
  const status = useQuery({ queryKey: [path], queryFn: ({ signal }) => api.get<Status>(path, { signal }) });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!status.data) return null;
  const reset = async () => {
    setBusy(true);
    try {
      await api.delete(path);
      notifySuccess(t('twoFactor.resetDone'));
      setAsking(false);
      await status.refetch();
    } catch {
      // api.ts has told the user why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" data-testid="user-two-factor">
      <Text size="sm" fw={500}>
        {t('twoFactor.title')}
      </Text>
      <Badge color={status.data.enabled ? 'green' : 'gray'} variant="light">
        {status.data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
      </Badge>
      {status.data.enabled && !readOnly && can('users', 'w') && (
        <Button size="xs" variant="default" onClick={() => setAsking(true)}>
          {t('twoFactor.reset')}
        </Button>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('twoFactor.reset')}
        message={t('twoFactor.resetConfirm')}
        danger
        busy={busy}
        onConfirm={reset}
        onCancel={() => setAsking(false)}
      />
    </Group>
  );
}
