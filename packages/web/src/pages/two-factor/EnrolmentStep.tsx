import { Box, Button, Code, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Enrolment } from '../../app/auth';
import { QrCode } from '../../kit/QrCode';
import { CodeInput } from './CodeInput';

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
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onConfirm(code);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('twoFactor.setUp')}>
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <QrCode value={enrolment.uri} label={t('twoFactor.qrLabel')} />
        <Text size="sm">
          {t('twoFactor.manualKey')} <Code data-testid="two-factor-secret">{enrolment.secret}</Code>
        </Text>
        <CodeInput value={code} onChange={setCode} error={error} />
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
      </Stack>
    </Box>
  );
}
