import { Alert, type AlertProps, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The "Test connection" button of a resource's editor (`<resource>.test`), busy while it runs. */
export function TestButton({
  resource,
  running,
  onClick,
}: {
  resource: string;
  running: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button variant="default" size="xs" loading={running} onClick={onClick}>
      {t(`${resource}.test`)}
    </Button>
  );
}

/**
 * The answer of a connection test: green under `<resource>.testOk`, red under
 * `<resource>.testFailed`, with what the server said; the layout props place it.
 */
export function TestResult({
  resource,
  ok,
  children,
  ...layout
}: Pick<AlertProps, 'w' | 'style'> & { resource: string; ok: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      role="status"
      color={ok ? 'green' : 'red'}
      title={t(ok ? `${resource}.testOk` : `${resource}.testFailed`)}
      py={6}
      {...layout}
    >
      {children}
    </Alert>
  );
}
