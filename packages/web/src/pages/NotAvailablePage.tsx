import { Alert, Stack, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A navigation entry whose screen has not been built yet: said plainly, inside the layout. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <Stack p="md" maw={720}>
      <Title order={2}>{t('app.notAvailable')}</Title>
      <Alert icon={<IconHourglassEmpty size={18} />} color="gray">
        {t('app.notAvailableText')}
      </Alert>
    </Stack>
  );
}
