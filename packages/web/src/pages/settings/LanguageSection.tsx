import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { LANGUAGES } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '../../i18n';

export function LanguageSection() {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>{t('settings.language.title')}</Title>
        <Text size="sm" c="dimmed" id="language-label">
          {t('settings.language.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="language-label"
          value={i18n.language}
          onChange={(value) => isLanguage(value) && setLanguage(value)}
          data={LANGUAGES.map((lang) => ({ value: lang, label: t(`settings.languages.${lang}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
    </Paper>
  );
}
