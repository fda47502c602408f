import { Button, Code, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Enrolment } from '../../app/auth';
import { QrCode } from '../../kit/QrCode';
import { CodeForm } from './CodeForm';

type Props = {
  enrolment: Enrolment;
  busy: boolean;
  error?: string;
  onConfirm: (code: string) => void;
  onCancel?: () => void;
};

/** Scan the QR code (or type the key), then prove it with the first code the app shows. */
export function EnrolmentStep({ enrolment, busy, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <CodeForm
      label={t('twoFactor.setUp')}
      intro={
        <>
          <Text size="sm">{t('twoFactor.scan')}</Text>
          <QrCode value={enrolment.uri} label={t('twoFactor.qrLabel')} />
          <Text size="sm">
            {t('twoFactor.manualKey')} <Code data-testid="two-factor-secret">{enrolment.secret}</Code>
          </Text>
        </>
      }
      error={error}
      onSubmit={onConfirm}
      actions={
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {t('twoFactor.confirm')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('kit.cancel')}
            </Button>
          )}
        </Group>
      }
    />
  );
}
