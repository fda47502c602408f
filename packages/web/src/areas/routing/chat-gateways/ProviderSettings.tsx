import { ColorInput, PasswordInput, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { VIBER_BACK_COLOR_KEY, VIBER_FONT_COLOR_KEY } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import type { EditForm } from '../../../kit/edit/form';
import type { ChatGatewayValues } from './values';

type Form = EditForm<ChatGatewayValues>;
type Kind = 'text' | 'secret' | 'flag' | 'color';
type Setting = { key: string; kind: Kind; required?: boolean };

/** What each provider's settings tab shows, in the stored map's keys. */
const SETTINGS: Record<string, Setting[]> = {
  telegram: [{ key: 'token', kind: 'secret', required: true }],
  gotd: [
    { key: 'apiId', kind: 'text', required: true },
    { key: 'apiHash', kind: 'secret', required: true },
  ],
  messenger: [
    { key: 'clientId', kind: 'text', required: true },
    { key: 'clientSecret', kind: 'secret', required: true },
    { key: 'instagramComments', kind: 'flag' },
    { key: 'instagramMentions', kind: 'flag' },
  ],
  viber: [
    { key: 'token', kind: 'secret', required: true },
    { key: 'botName', kind: 'text' },
    { key: VIBER_BACK_COLOR_KEY, kind: 'color' },
    { key: VIBER_FONT_COLOR_KEY, kind: 'color' },
  ],
  infobip: [
    { key: 'apiKey', kind: 'secret', required: true },
    { key: 'url', kind: 'text', required: true },
  ],
  infobip_whatsapp: [
    { key: 'apiKey', kind: 'secret', required: true },
    { key: 'url', kind: 'text', required: true },
  ],
};

/** i18n keys cannot hold dots: `btn.back.color` is `btn_back_color`. */
const labelKey = (key: string) => `chatGateways.settings.${key.replace(/\./g, '_')}`;

/** The settings of every provider but web chat (which has its own tabs). */
export function ProviderSettings({ form }: { form: Form }) {
  const { t } = useTranslation();
  const settings = SETTINGS[form.values.provider ?? ''] ?? [];
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
      {settings.map((s) => {
        const common = {
          label: t(labelKey(s.key)),
          required: s.required,
          disabled: form.readOnly,
          error: form.error(`metadata.${s.key}`),
        };
        switch (s.kind) {
          case 'flag':
            return (
              <Switch
                key={s.key}
                {...common}
                mt="md"
                checked={m[s.key] === 'true'}
                onChange={(e) => set(s.key, e.currentTarget.checked ? 'true' : 'false')}
              />
            );
          case 'color':
            return (
              <ColorInput
                key={s.key}
                {...common}
                format="hex"
                value={m[s.key] ?? ''}
                onChange={(value) => set(s.key, value)}
              />
            );
          case 'secret':
            // Stored secrets are never sent back: an empty field keeps the stored value.
            return (
              <PasswordInput
                key={s.key}
                {...common}
                required={s.required && !form.values.secretsSet.includes(s.key)}
                placeholder={form.values.secretsSet.includes(s.key) ? t('chatGateways.secretSet') : undefined}
                autoComplete="off"
                visibilityToggleButtonProps={{ 'aria-label': t('kit.togglePassword') }}
                value={m[s.key] ?? ''}
                onChange={(e) => set(s.key, e.currentTarget.value)}
              />
            );
          default:
            return (
              <TextInput
                key={s.key}
                {...common}
                value={m[s.key] ?? ''}
                onChange={(e) => set(s.key, e.currentTarget.value)}
              />
            );
        }
      })}
    </SimpleGrid>
  );
}
