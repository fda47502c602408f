import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ScreenLoader() {
  return (
    <Center p="xl" data-testid="screen-loader">
      <Loader />
    </Center>
  );
}

/** A screen that failed to load: the reason and a Retry. */
export function FailureNotice({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('app.loadFailed')} role="alert" m="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button onClick={onRetry} variant="light" color="red">
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
