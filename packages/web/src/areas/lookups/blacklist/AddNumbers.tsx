import { Button, Group, List, Modal, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { blacklistNumbers, guardingRight } from '@switchboard/model';
import { IconListNumbers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure, api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { translateMessage } from '../../../kit/messages';

type LineError = { line: number; message: string };

/**
 * Adds the numbers pasted as a column (one per line) in one call: the server adds all of them or
 * none, and a refusal lists the pasted lines at fault while the text stays for correcting.
 */
export function AddNumbers({ path }: { path: string }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<LineError[]>([]);
  const needed = guardingRight(blacklistNumbers, 'x');
  if (!can(needed.objClass, needed.right)) return null;

  const close = () => {
    setOpened(false);
    setErrors([]);
  };

  const submit = async () => {
    // The server numbers the lines it gets; blank lines are skipped, so keep each one's place in the paste.
    const lines = text.split(/\r?\n/).flatMap((raw, i) => (raw.trim() ? [{ at: i + 1, number: raw.trim() }] : []));
    if (!lines.length) {
      setErrors([{ line: 0, message: t('blacklists.pasteEmpty') }]);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<{ items: unknown[] }>(
        path,
        lines.map((l) => ({ number: l.number })),
        { silent: true },
      );
      notifications.show({ color: 'green', message: t('blacklists.imported', { n: answer.items.length }) });
      await queryClient.invalidateQueries({ queryKey: [path] });
      setText('');
      close();
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      const fields = error.body.fields ?? [];
      setErrors(
        fields.length
          ? fields.map((f) => {
              const sent = Number.parseInt(f.field, 10);
              return { line: lines[sent - 1]?.at ?? 0, message: translateMessage(t, f.message) };
            })
          : [{ line: 0, message: error.body.detail ?? error.message }],
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconListNumbers size={14} />} onClick={() => setOpened(true)}>
        {t('blacklists.addMany')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('blacklists.addManyTitle')} size="md">
        <Stack gap="sm">
          <Textarea
            label={t('blacklists.pasteLabel')}
            description={t('blacklists.pasteHint')}
            autosize
            minRows={6}
            maxRows={16}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          {errors.length > 0 && (
            <List size="sm" c="red" data-testid="paste-errors">
              {errors.map((e) => (
                <List.Item key={`${e.line}.${e.message}`}>
                  {e.line ? t('blacklists.lineError', { line: e.line, message: e.message }) : e.message}
                </List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('kit.cancel')}
            </Button>
            <Button onClick={submit} loading={busy}>
              {t('blacklists.addManyButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
