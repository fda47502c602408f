import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSection } from './settings/LanguageSection';
import { PasswordSection } from './settings/PasswordSection';
import { PhoneSection } from './settings/PhoneSection';
import { TwoFactorSection } from './settings/TwoFactorSection';

/** `/settings`: the signed-in user's own password, second factor, language and web phone. */
export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={2}>{t('settings.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <PasswordSection />
          <TwoFactorSection />
        </Stack>
        <Stack gap="lg">
          <LanguageSection />
          <PhoneSection />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
