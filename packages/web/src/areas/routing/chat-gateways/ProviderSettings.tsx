import { SimpleGrid, Text } from '@mantine/core';
import { chatGateways, type FormField, formTabs, variantOf } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import type { EditForm, FormValues } from '../../../kit/edit/form';
import { FieldView } from '../../../kit/fields/FieldView';
import type { ChatGatewayValues } from './values';

type Form = EditForm<ChatGatewayValues>;

/** The settings tab a provider's variant declares: its keys of the stored text map, `metadata.<key>`. */
function settingsOf(values: ChatGatewayValues): FormField[] {
  const variant = chatGateways.variants && variantOf(chatGateways.variants, values);
  return variant?.form ? formTabs(variant.form).flatMap((tab) => tab.fields) : [];
}

/**
 * The settings of every provider but web chat (which has its own tabs), shown by the kit's field
 * kinds. The map holds text: a switch stores "true" or "false".
 */
export function ProviderSettings({ form }: { form: Form }) {
  const { t } = useTranslation();
  const settings = settingsOf(form.values);
  if (settings.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('chatGateways.chooseProvider')}
      </Text>
    );
  }
  const m = form.values.metadata;
  const set = (key: string, value: string) => form.set('metadata', { ...m, [key]: value });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={880} spacing="sm">
      {settings.map((f) => {
        const key = f.field.slice('metadata.'.length);
        const flag = f.kind === 'switch';
        return (
          <FieldView
            key={f.field}
            def={chatGateways}
            form={form as unknown as EditForm<FormValues>}
            field={f}
            path={f.field}
            value={flag ? m[key] === 'true' : (m[key] ?? '')}
            onChange={(v) => set(key, flag ? String(v === true) : String(v ?? ''))}
          />
        );
      })}
    </SimpleGrid>
  );
}
