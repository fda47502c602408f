import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeForm } from './CodeForm';

/** The second step of a sign-in: the six-digit code, or one of the recovery codes. */
export function CodeStep({
  busy,
  error,
  onSubmit,
}: {
  busy: boolean;
  error?: string;
  onSubmit: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <CodeForm
      label={t('twoFactor.title')}
      intro={<Text size="sm">{t('twoFactor.enterCode')}</Text>}
      recovery
      error={error}
      onSubmit={onSubmit}
      actions={
        <Button type="submit" loading={busy} fullWidth>
          {t('twoFactor.verify')}
        </Button>
      }
    />
  );
}
