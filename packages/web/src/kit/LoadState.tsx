import { Alert, Button, Group, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A screen whose record is still being read: a small loader in the middle. */
export function ScreenLoader() {
  return (
    <Group justify="center" p="xl">
      <Loader size="sm" />
    </Group>
  );
}

/** A read that failed: says so, with a retry; `children` go beside the retry (a way back, say). */
export function LoadFailed({ onRetry, children }: { onRetry: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  const retry = (
    <Button size="xs" variant="light" onClick={onRetry}>
      {t('kit.retry')}
    </Button>
  );
  return (
    <Alert color="red" title={t('kit.loadFailed')}>
      {children ? (
        <Group gap="xs">
          {retry}
          {children}
        </Group>
      ) : (
        retry
      )}
    </Alert>
  );
}
