import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type CognitiveChoice, MEDIA_MIME_TYPES, media } from '@switchboard/model';
import { IconFileText, IconMicrophone, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { ListScreen } from '../../../kit/list/ListScreen';
import { formatSize } from './size';
import { TranscribeDialog } from './TranscribeDialog';
import { TtsDialog } from './TtsDialog';
import { streamUrl, uploadMedia } from './upload';

const ACCEPT = [...MEDIA_MIME_TYPES, '.wav', '.mp3', '.ogg'].join(',');

/** `/lookups/media`: the files with a player each, upload with progress, text-to-speech. */
export function MediaList() {
  const { t } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [tts, setTts] = useState(false);
  const mayCreate = can(media.objClass, 'x');
  const [transcribing, setTranscribing] = useState<{ id: number; name: string } | null>(null);
  // The enabled speech-to-text profiles the user may read: with one, WAV rows offer a transcript.
  const stt = useQuery({
    queryKey: ['/storage/media/transcript'],
    queryFn: () => api.get<{ profiles: CognitiveChoice[] }>('/storage/media/transcript'),
    enabled: can('cognitive_profile', 'r'),
  });
  const sttProfiles = stt.data?.profiles ?? [];

  const added = async () => {
    // The spec's info notification after an upload.
    notifications.show({ color: 'blue', message: t('media.added') });
    await queryClient.invalidateQueries({ queryKey: [media.path] });
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setProgress({ name: file.name, fraction: 0 });
    try {
      await uploadMedia(file, file.name, (fraction) => setProgress({ name: file.name, fraction }));
      await added();
    } catch {
      // uploadMedia has already told the user why.
    } finally {
      setProgress(null);
    }
  };

  const toolbar = mayCreate ? (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconMicrophone size={14} />}
        onClick={() => setTts(true)}
        disabled={progress !== null}
      >
        {t('media.tts.open')}
      </Button>
      <FileButton onChange={upload} accept={ACCEPT}>
        {(props) => (
          <Button {...props} size="xs" leftSection={<IconUpload size={14} />} loading={progress !== null}>
            {t('media.upload')}
          </Button>
        )}
      </FileButton>
    </>
  ) : null;

  return (
    <Stack gap="sm">
      {progress && (
        <Stack gap={4} data-testid="media-upload-progress">
          <Text size="sm">
            {t('media.uploading', { name: progress.name, percent: Math.round(progress.fraction * 100) })}
          </Text>
          <Progress value={progress.fraction * 100} animated aria-label={t('media.uploadProgress')} />
        </Stack>
      )}
      <ListScreen
        def={media}
        title={t('media.title')}
        toolbar={toolbar}
        listOnly
        cells={{ size: (row) => formatSize(t, Number(row.size)) }}
        extraColumns={[
          {
            key: 'player',
            label: t('media.player'),
            render: (row) => (
              <Group gap={0} wrap="nowrap">
                {/* biome-ignore lint/a11y/useMediaCaption: recorded prompts and uploaded audio come without captions */}
                <audio
                  controls
                  // The header of the file is read at once, so the player shows the length before Play.
                  preload="metadata"
                  src={streamUrl(row.id)}
                  aria-label={t('media.play', { name: String(row.name) })}
                  style={{ height: 32, maxWidth: 260 }}
                />
              </Group>
            ),
          },
          ...(sttProfiles.length
            ? [
                {
                  key: 'transcript',
                  label: t('media.transcript.column'),
                  render: (row: Record<string, unknown>) =>
                    row.mimeType === 'audio/wav' ? (
                      <Tooltip label={t('media.transcript.open', { name: String(row.name) })}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('media.transcript.open', { name: String(row.name) })}
                          onClick={() => setTranscribing({ id: Number(row.id), name: String(row.name) })}
                        >
                          <IconFileText size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      <TtsDialog opened={tts} onClose={() => setTts(false)} onCreated={added} />
      <TranscribeDialog file={transcribing} profiles={sttProfiles} onClose={() => setTranscribing(null)} />
    </Stack>
  );
}
