import { Alert, Button, Group, Loader, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  type CognitiveChoice,
  fieldErrors,
  TTS_DEFAULT_VOICE,
  TTS_MAX_TEXT,
  TTS_VOICES,
  ttsInput,
} from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, api } from '../../../app/api';
import type { FieldError } from '../../../kit/edit/form';
import { translateMessage } from '../../../kit/messages';

type Props = { opened: boolean; onClose: () => void; onCreated: () => void | Promise<void> };
type Status = { available: boolean; engine: string; voices: string[]; profiles: CognitiveChoice[] };

/** The engine choice of the local program. */
const LOCAL = 'local';

/** How a profile reads in the engine choice: its name, provider and language. */
export const profileLabel = (t: (key: string) => string, p: CognitiveChoice) =>
  `${p.name} · ${t(`cognitiveProfiles.options.provider.${p.provider}`)} · ${p.locale}`;

/**
 * Text-to-speech: the server speaks the text into a WAV media file, with its local engine or
 * through one of the domain's enabled text-to-speech cognitive profiles (the default one first).
 * When there is neither the dialog says so instead of offering a form that cannot work.
 */
export function TtsDialog({ opened, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: ['/storage/media/tts'],
    queryFn: () => api.get<Status>('/storage/media/tts'),
    enabled: opened,
  });
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<string>(TTS_DEFAULT_VOICE);
  const [chosen, setChosen] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  const error = (field: string) => {
    const found = errors.find((e) => e.field === field);
    return found ? translateMessage(t, found) : undefined;
  };

  const close = () => {
    setErrors([]);
    onClose();
  };

  const available = status.data?.available === true;
  const profiles = status.data?.profiles ?? [];
  // Until the user chooses: the default profile, else the local engine, else the first profile.
  const fallback = profiles.find((p) => p.default) ?? (available ? null : profiles[0]);
  const engine = chosen ?? (fallback ? String(fallback.id) : LOCAL);
  const usable = available || profiles.length > 0;

  const create = async () => {
    const body = engine === LOCAL ? { name, text, voice } : { name, text, profile: Number(engine) };
    const checked = ttsInput.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setBusy(true);
    try {
      await api.post('/storage/media/tts', checked.data);
      setName('');
      setText('');
      setErrors([]);
      onClose();
      await onCreated();
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.body.fields?.length) setErrors(failure.body.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('media.tts.title')} size="lg">
      {status.isPending && (
        <Group justify="center" p="md">
          <Loader size="sm" />
        </Group>
      )}
      {status.data && !usable && (
        <Alert color="orange" title={t('media.tts.unavailableTitle')} data-testid="tts-unavailable">
          {t('media.tts.unavailable')}
        </Alert>
      )}
      {usable && (
        <Stack gap="sm">
          {profiles.length > 0 && (
            <Select
              label={t('media.tts.engine')}
              data={[
                ...(available
                  ? [{ value: LOCAL, label: t('media.tts.localEngine', { engine: status.data?.engine }) }]
                  : []),
                ...profiles.map((p) => ({ value: String(p.id), label: profileLabel(t, p) })),
              ]}
              value={engine}
              allowDeselect={false}
              error={error('profile')}
              onChange={(v) => setChosen(v)}
            />
          )}
          <TextInput
            label={t('media.tts.name')}
            required
            value={name}
            error={error('name')}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Textarea
            label={t('media.tts.text')}
            required
            rows={5}
            maxLength={TTS_MAX_TEXT}
            description={t('media.tts.textLimit', { n: TTS_MAX_TEXT })}
            value={text}
            error={error('text')}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          {engine === LOCAL && (
            <Select
              label={t('media.tts.voice')}
              data={TTS_VOICES.map((v) => ({ value: v, label: t(`media.voices.${v.replace('-', '_')}`) }))}
              value={voice}
              allowDeselect={false}
              error={error('voice')}
              onChange={(v) => setVoice(v ?? TTS_DEFAULT_VOICE)}
            />
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" size="xs" onClick={close}>
          {t('kit.cancel')}
        </Button>
        {usable && (
          <Button size="xs" loading={busy} onClick={create}>
            {t('media.tts.create')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
