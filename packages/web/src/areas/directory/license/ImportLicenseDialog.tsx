import { Alert, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LicenseItem } from '@switchboard/model';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, api } from '../../../app/api';
import { Dialog } from '../../../kit/Dialog';
import { translateFailure, translateMessage } from '../../../kit/messages';

type Props = { opened: boolean; onClose: () => void };

/**
 * Import of a signed license (PUT /customer with the text as `certificate`), pasted or read from a
 * file. The server checks the signature, the end date and the domain; its refusal shows here.
 */
export function ImportLicenseDialog({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setText('');
    setError(null);
    onClose();
  };

  const readFile = async (file: File | null) => {
    if (!file) return;
    setText((await file.text()).trim());
    setError(null);
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.put<{ license: LicenseItem; renewed: boolean }>(
        '/customer',
        { certificate: text },
        { silent: true },
      );
      notifications.show({
        color: 'green',
        message: t(answer.renewed ? 'licenses.renewed' : 'licenses.imported', { product: answer.license.product }),
      });
      await queryClient.invalidateQueries({ queryKey: ['/license'] });
      close();
    } catch (failure) {
      // A keyed refusal is said from its key; a validation error by its field's message.
      if (!(failure instanceof ApiFailure)) setError(String(failure));
      else if (failure.body.key) setError(translateFailure(t, failure.body, failure.message));
      else setError(translateMessage(t, failure.body.fields?.[0] ?? failure.message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog opened={opened} onClose={close} title={t('licenses.importTitle')} centered size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('licenses.importHint')}</Text>
        <Textarea
          label={t('licenses.certificate')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          autosize
          minRows={5}
          maxRows={12}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        <Group>
          <FileButton onChange={readFile}>
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
                {t('licenses.fromFile')}
              </Button>
            )}
          </FileButton>
        </Group>
        {error && (
          <Alert color="red" p="xs" role="alert">
            <Text size="sm">{error}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={close}>
            {t('kit.cancel')}
          </Button>
          <Button size="xs" onClick={submit} loading={busy} disabled={!text.trim()}>
            {t('licenses.importButton')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
