import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ScreenLoader() {
  return (
    <Center p="xl" data-testid="screen-loader">
      <Loader />
    </Center>
  );
}

function FailureNotice({ error, onRetry }: { error: Error; onRetry: () => void }) {
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

type Props = { children: ReactNode; onRetry: () => void };
type State = { error: Error | null };

/** Catches a screen that failed to load or render, and offers to load it again. */
export class LoadFailure extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    if (this.state.error) return <FailureNotice error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
