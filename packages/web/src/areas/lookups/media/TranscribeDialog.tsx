import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import type { CognitiveChoice } from '@switchboard/model';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { profileLabel } from './TtsDialog';

type Props = {
  /** The media file to transcribe; null closes the dialog. */
  file: { id: number; name: string } | null;
  profiles: CognitiveChoice[];
  onClose: () => void;
};

/**
 * Speech-to-text of one media file through an enabled speech-to-text profile (the default one
 * first). The transcript is shown to be read or copied; the server does not keep it.
 */
export function TranscribeDialog({ file, profiles, onClose }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [transcript, setTranscript] = useState<string | null>(null);
  const profile = chosen ?? (profiles[0] ? String(profiles[0].id) : null);

  // Another file starts without the transcript of the last one.
  const fileId = file?.id;
  useEffect(() => {
    if (fileId !== undefined) setTranscript(null);
  }, [fileId]);

  const run = async () => {
    if (!file || !profile) return;
    setBusy(true);
    setTranscript(null);
    try {
      const answer = await api.post<{ text: string }>(`/storage/media/${file.id}/transcript`, {
        profile: Number(profile),
      });
      setTranscript(answer.text);
    } catch {
      // The shared error notification says why (the provider's refusal, say).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={t('media.transcript.title', { name: file?.name ?? '' })}
      size="lg"
    >
      <Stack gap="sm">
        <Select
          label={t('media.transcript.profile')}
          data={profiles.map((p) => ({ value: String(p.id), label: profileLabel(t, p) }))}
          value={profile}
          allowDeselect={false}
          onChange={(v) => {
            setChosen(v);
            setTranscript(null);
          }}
        />
        {transcript !== null &&
          (transcript ? (
            <Textarea
              label={t('media.transcript.text')}
              value={transcript}
              readOnly
              autosize
              minRows={3}
              data-testid="media-transcript"
            />
          ) : (
            <Alert color="orange" role="status">
              {t('media.transcript.nothing')}
            </Alert>
          ))}
        {transcript === null && !busy && (
          <Text size="xs" c="dimmed">
            {t('media.transcript.hint')}
          </Text>
        )}
      </Stack>
      <Group justify="flex-end" mt="md">
        {transcript ? (
          <CopyButton value={transcript}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? t('media.transcript.copied') : t('media.transcript.copy')}
              </Button>
            )}
          </CopyButton>
        ) : null}
        <Button variant="default" size="xs" onClick={onClose}>
          {t('kit.close', { defaultValue: t('kit.cancel') })}
        </Button>
        <Button size="xs" loading={busy} disabled={!profile} onClick={run}>
          {t('media.transcript.run')}
        </Button>
      </Group>
    </Modal>
  );
}
