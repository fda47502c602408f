import {
  ActionIcon,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import {
  imageInfo,
  LOGO_SIZE_PX,
  MB,
  messages,
  WEBCHAT_ALTERNATIVE_CHANNELS,
  WEBCHAT_BORDER_STYLES,
  WEBCHAT_LANGUAGES,
  WEBCHAT_POSITIONS,
  WEBCHAT_TIMEOUT_KEYS,
  WEBCHAT_TIMEOUTS,
  type WebchatValues,
} from '@switchboard/model';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditForm } from '../../../kit/edit/form';
import { translateMessage } from '../../../kit/messages';
import type { ChatGatewayValues } from './values';

type Form = EditForm<ChatGatewayValues>;
type Part = 'view' | 'chat' | 'appointment';

function useWebchat(form: Form) {
  const w = form.values.webchat;
  const set = (patch: Partial<WebchatValues>) => form.set('webchat', { ...w, ...patch });
  const setPart = <P extends Part>(part: P, patch: Partial<WebchatValues[P]>) =>
    set({ [part]: { ...w[part], ...patch } } as Partial<WebchatValues>);
  return { w, set, setPart };
}

const num = (v: string | number, fallback: number) => (typeof v === 'number' ? v : fallback);

/** Origins, time-outs (seconds, stored with "s") and the media size (MB here, bytes stored). */
export function WebchatGeneral({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { w, set } = useWebchat(form);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={880} spacing="sm">
      <TagsInput
        label={t('chatGateways.webchat.allowOrigin')}
        description={t('chatGateways.webchat.allowOriginHint')}
        value={w.allowOrigin}
        disabled={form.readOnly}
        error={form.error('metadata.allowOrigin')}
        onChange={(allowOrigin) => set({ allowOrigin })}
      />
      <NumberInput
        label={t('chatGateways.webchat.mediaMaxSize')}
        suffix=" MB"
        min={0}
        decimalScale={2}
        value={w.mediaMaxSize / MB}
        disabled={form.readOnly}
        error={form.error('metadata.mediaMaxSize')}
        onChange={(v) => set({ mediaMaxSize: Math.round(num(v, 0) * MB) })}
      />
      {WEBCHAT_TIMEOUT_KEYS.map((key) => (
        <NumberInput
          key={key}
          label={t(`chatGateways.webchat.${key}`)}
          description={t('chatGateways.webchat.range', WEBCHAT_TIMEOUTS[key])}
          suffix=" s"
          min={WEBCHAT_TIMEOUTS[key].min}
          max={WEBCHAT_TIMEOUTS[key].max}
          clampBehavior="none"
          allowDecimal={false}
          value={w[key]}
          disabled={form.readOnly}
          error={form.error(`metadata.${key}`)}
          onChange={(v) => set({ [key]: num(v, Number.NaN) })}
        />
      ))}
    </SimpleGrid>
  );
}

/** Reads a chosen logo: a JPEG or PNG whose header says 24x24, as a data URL. */
async function readLogo(file: File): Promise<string | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const info = imageInfo(bytes);
  if (!info || info.width !== LOGO_SIZE_PX || info.height !== LOGO_SIZE_PX) return null;
  if (file.type !== `image/${info.type}`) return null;
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

export function WebchatView({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { w, setPart } = useWebchat(form);
  const [logoError, setLogoError] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    if (!file) return;
    const url = await readLogo(file);
    if (!url) {
      setLogoError(translateMessage(t, messages.logo));
      return;
    }
    setLogoError(null);
    setPart('view', { logoUrl: url });
  };
  const err = (k: string) => form.error(`metadata.view.${k}`) ?? form.error('metadata.view');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={880} spacing="sm">
      <Select
        label={t('chatGateways.webchat.lang')}
        data={WEBCHAT_LANGUAGES.map((l) => ({ value: l, label: l }))}
        value={w.view.lang}
        allowDeselect={false}
        disabled={form.readOnly}
        onChange={(lang) => setPart('view', { lang: lang ?? 'en' })}
      />
      <Select
        label={t('chatGateways.webchat.position')}
        data={WEBCHAT_POSITIONS.map((p) => ({ value: p, label: t(`chatGateways.webchat.positions.${p}`) }))}
        value={w.view.position}
        allowDeselect={false}
        disabled={form.readOnly}
        onChange={(p) => setPart('view', { position: (p ?? 'right') as WebchatValues['view']['position'] })}
      />
      <Select
        label={t('chatGateways.webchat.borderRadiusStyle')}
        data={WEBCHAT_BORDER_STYLES.map((p) => ({ value: p, label: t(`chatGateways.webchat.borders.${p}`) }))}
        value={w.view.borderRadiusStyle}
        allowDeselect={false}
        disabled={form.readOnly}
        onChange={(p) =>
          setPart('view', { borderRadiusStyle: (p ?? 'round') as WebchatValues['view']['borderRadiusStyle'] })
        }
      />
      <ColorInput
        label={t('chatGateways.webchat.accentColor')}
        format="hex"
        value={w.view.accentColor}
        disabled={form.readOnly}
        onChange={(accentColor) => setPart('view', { accentColor })}
      />
      <NumberInput
        label={t('chatGateways.webchat.btnOpacity')}
        min={0}
        max={1}
        step={0.1}
        decimalScale={2}
        value={w.view.btnOpacity}
        disabled={form.readOnly}
        error={err('btnOpacity')}
        onChange={(v) => setPart('view', { btnOpacity: num(v, 1) })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('chatGateways.webchat.logo')}
        </Text>
        <Group gap="xs">
          {w.view.logoUrl ? (
            <Image src={w.view.logoUrl} w={24} h={24} alt={t('chatGateways.webchat.logo')} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('chatGateways.webchat.noLogo')}
            </Text>
          )}
          <FileButton onChange={choose} accept="image/png,image/jpeg">
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                disabled={form.readOnly}
              >
                {t('chatGateways.webchat.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {w.view.logoUrl && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('chatGateways.webchat.removeLogo')}
              disabled={form.readOnly}
              onClick={() => setPart('view', { logoUrl: '' })}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
        <Text size="xs" c={logoError || err('logoUrl') ? 'red' : 'dimmed'}>
          {logoError ?? err('logoUrl') ?? t('chatGateways.webchat.logoHint')}
        </Text>
      </Stack>
    </SimpleGrid>
  );
}

export function WebchatChat({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { w, setPart } = useWebchat(form);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={880} spacing="sm">
      <Switch
        label={t('chatGateways.webchat.chatEnabled')}
        checked={w.chat.enabled}
        disabled={form.readOnly}
        onChange={(e) => setPart('chat', { enabled: e.currentTarget.checked })}
      />
      <Switch
        label={t('chatGateways.webchat.timeoutIsActive')}
        checked={w.chat.timeoutIsActive}
        disabled={form.readOnly}
        onChange={(e) => setPart('chat', { timeoutIsActive: e.currentTarget.checked })}
      />
      <NumberInput
        label={t('chatGateways.webchat.openTimeout')}
        suffix=" s"
        min={0}
        allowDecimal={false}
        value={w.chat.openTimeout}
        disabled={form.readOnly || !w.chat.timeoutIsActive}
        error={form.error('metadata.chat.openTimeout')}
        onChange={(v) => setPart('chat', { openTimeout: num(v, 0) })}
      />
      <TextInput
        label={t('chatGateways.webchat.url')}
        value={w.chat.url}
        disabled={form.readOnly}
        onChange={(e) => setPart('chat', { url: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}

export function WebchatAppointment({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { w, setPart } = useWebchat(form);
  const a = w.appointment;
  const flag = (key: 'enabled' | 'showDefaultHeading' | 'showEmailField' | 'showMessageField') => (
    <Switch
      key={key}
      label={t(`chatGateways.webchat.appointment.${key}`)}
      checked={a[key]}
      disabled={form.readOnly}
      onChange={(e) => setPart('appointment', { [key]: e.currentTarget.checked })}
    />
  );
  const text = (key: 'url' | 'duration' | 'successTitle' | 'successSubtitle') => (
    <TextInput
      key={key}
      label={t(`chatGateways.webchat.appointment.${key}`)}
      value={a[key]}
      disabled={form.readOnly}
      onChange={(e) => setPart('appointment', { [key]: e.currentTarget.value })}
    />
  );
  const count = (key: 'days' | 'availableAgents') => (
    <NumberInput
      key={key}
      label={t(`chatGateways.webchat.appointment.${key}`)}
      min={1}
      allowDecimal={false}
      value={a[key]}
      disabled={form.readOnly}
      error={form.error(`metadata.appointment.${key}`)}
      onChange={(v) => setPart('appointment', { [key]: num(v, 1) })}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} maw={880} spacing="sm">
      {flag('enabled')}
      {text('url')}
      {text('duration')}
      {count('days')}
      {count('availableAgents')}
      {text('successTitle')}
      {text('successSubtitle')}
      {flag('showDefaultHeading')}
      {flag('showEmailField')}
      {flag('showMessageField')}
    </SimpleGrid>
  );
}

export function WebchatChannels({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { w, set } = useWebchat(form);
  return (
    <Stack maw={720} gap="xs">
      {WEBCHAT_ALTERNATIVE_CHANNELS.map((c) => {
        const channel = w.alternativeChannels[c];
        const change = (patch: Partial<typeof channel>) =>
          set({ alternativeChannels: { ...w.alternativeChannels, [c]: { ...channel, ...patch } } });
        return (
          <Group key={c} gap="sm" align="end" wrap="nowrap">
            <Switch
              w={140}
              mb={8}
              label={t(`chatGateways.channels.${c}`)}
              checked={channel.enabled}
              disabled={form.readOnly}
              onChange={(e) => change({ enabled: e.currentTarget.checked })}
            />
            <TextInput
              style={{ flex: 1 }}
              label={t('chatGateways.webchat.channelUrl')}
              aria-label={`${t(`chatGateways.channels.${c}`)} ${t('chatGateways.webchat.channelUrl')}`}
              value={channel.url}
              disabled={form.readOnly}
              onChange={(e) => change({ url: e.currentTarget.value })}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
