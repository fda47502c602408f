import { Text } from '@mantine/core';
import { cognitiveProfiles } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import type { EditForm, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';

/** Under the fields: which provider's keys the profile needs, and that one default per service is kept. */
function ProviderHint({ form }: { form: EditForm<FormValues> }) {
  const { t } = useTranslation();
  const provider = String(form.values.provider ?? '');
  return (
    <Text size="xs" c="dimmed" maw={640}>
      {provider ? t(`cognitiveProfiles.hints.${provider}`) : t('cognitiveProfiles.hints.provider')}{' '}
      {t('cognitiveProfiles.hints.default')}
    </Text>
  );
}

const hint = (form: EditForm<FormValues>) => <ProviderHint form={form} />;

/**
 * `/integrations/cognitive-profile/{new|id}`: the provider chosen decides its settings (Microsoft:
 * key, region, locale; Google: key, locale), as the definition's variants declare them.
 */
export function CognitiveProfileEdit() {
  return <ResourceEdit def={cognitiveProfiles} after={hint} />;
}
