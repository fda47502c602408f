import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CHAT_PROVIDERS, type ChatProvider, chatGateways, refOf } from '@switchboard/model';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import type { EditForm, EditTab } from '../../../kit/edit/form';
import { RefSelect } from '../../../kit/fields/RefSelect';
import { SwitchField, TextField } from '../../../kit/fields/TextField';
import { fieldKey } from '../../../kit/path';
import { ChatPages, type PagesKind } from './ChatPages';
import { ProviderSettings } from './ProviderSettings';
import { type ChatGatewayValues, chatGatewayCodec, switchProvider, type Updates } from './values';
import { WebchatAppointment, WebchatChannels, WebchatChat, WebchatGeneral, WebchatView } from './WebchatSettings';

type Form = EditForm<ChatGatewayValues>;

function GeneralTab({ form }: { form: Form }) {
  const { t } = useTranslation();
  const v = form.values;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={880} spacing="sm">
      <TextField form={form} name="name" label={t(fieldKey('name'))} required />
      <TextInput
        label={t('chatGateways.uri')}
        description={form.isNew ? t('chatGateways.uriHint') : undefined}
        value={v.uri}
        disabled={form.readOnly}
        error={form.error('uri')}
        onChange={(e) => form.set('uri', e.currentTarget.value)}
      />
      <RefSelect
        of={refOf(chatGateways, 'flow')}
        label={t('chatGateways.flow')}
        required
        value={v.flow}
        disabled={form.readOnly}
        error={form.error('flow')}
        onChange={(flow) => form.set('flow', flow)}
      />
      <Select
        label={t('chatGateways.provider')}
        required
        data={CHAT_PROVIDERS.map((p) => ({ value: p, label: t(`chatGateways.providers.${p}`) }))}
        value={v.provider}
        // The settings belong to the provider: another one starts from its own defaults.
        disabled={form.readOnly || !form.isNew}
        error={form.error('provider')}
        onChange={(p) => {
          const next = switchProvider(v, p as ChatProvider | null);
          form.set('provider', next.provider);
          form.set('metadata', next.metadata);
          form.set('webchat', next.webchat);
        }}
      />
      <SwitchField form={form} name="enabled" label={t('chatGateways.enabled')} />
    </SimpleGrid>
  );
}

const UPDATE_KEYS: (keyof Updates)[] = ['title', 'close', 'join', 'left'];

function UpdatesTab({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Stack maw={640} gap="sm">
      {UPDATE_KEYS.map((key) => (
        <TextInput
          key={key}
          label={t(`chatGateways.updates.${key}`)}
          value={form.values.updates[key]}
          disabled={form.readOnly}
          error={form.error(`updates.${key}`)}
          onChange={(e) => form.set('updates', { ...form.values.updates, [key]: e.currentTarget.value })}
        />
      ))}
    </Stack>
  );
}

const isWebchat = (v: ChatGatewayValues) => v.provider === 'webchat';
const isMessenger = (v: ChatGatewayValues) => v.provider === 'messenger';

/**
 * `/routing/chat-gateways/new` and `/{id}`: general, the provider's settings (web chat has five
 * tabs of its own), update texts, and for a saved messenger gateway its pages, Instagram and
 * WhatsApp accounts.
 */
export function ChatGatewayEdit() {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<ChatGatewayValues>[]>(() => {
    const pages = (kind: PagesKind): EditTab<ChatGatewayValues> => ({
      key: kind,
      label: t(`chatGateways.tabs.${kind}`),
      savedOnly: true,
      shownWhen: isMessenger,
      render: (form) => <ChatPages uri={String(form.item?.uri ?? '')} kind={kind} readOnly={form.readOnly} />,
    });
    /** A tab of the web chat's settings, shown for a web chat gateway only. */
    const webchat = (
      key: string,
      fields: string[],
      Tab: (props: { form: EditForm<ChatGatewayValues> }) => ReactNode,
    ): EditTab<ChatGatewayValues> => ({ key, fields, shownWhen: isWebchat, render: (form) => <Tab form={form} /> });
    return [
      {
        key: 'general',
        fields: ['name', 'uri', 'flow', 'provider', 'enabled'],
        render: (form) => <GeneralTab form={form} />,
      },
      {
        key: 'settings',
        fields: ['metadata'],
        shownWhen: (v) => v.provider !== null && !isWebchat(v),
        render: (form) => <ProviderSettings form={form} />,
      },
      webchat(
        'webchat',
        [
          'metadata.allowOrigin',
          'metadata.readTimeout',
          'metadata.writeTimeout',
          'metadata.handshakeTimeout',
          'metadata.mediaMaxSize',
        ],
        WebchatGeneral,
      ),
      webchat('view', ['metadata.view'], WebchatView),
      webchat('chat', ['metadata.chat'], WebchatChat),
      webchat('appointment', ['metadata.appointment'], WebchatAppointment),
      webchat('channels', ['metadata.alternativeChannels'], WebchatChannels),
      {
        key: 'updates',
        fields: ['updates'],
        render: (form) => <UpdatesTab form={form} />,
      },
      pages('pages'),
      pages('instagram'),
      pages('whatsapp'),
    ];
  }, [t]);
  return <EditScreen def={chatGateways} tabs={tabs} codec={chatGatewayCodec} />;
}
