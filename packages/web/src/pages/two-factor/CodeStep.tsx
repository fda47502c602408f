import { Box, Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from './CodeInput';

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
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(code);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('twoFactor.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.enterCode')}</Text>
        <CodeInput recovery value={code} onChange={setCode} error={error} />
        <Button type="submit" loading={busy} fullWidth>
          {t('twoFactor.verify')}
        </Button>
      </Stack>
    </Box>
  );
}
