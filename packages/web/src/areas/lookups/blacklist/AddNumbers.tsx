import { Button, Group, List, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { blacklistNumbers, guardingRight, type ImportItem, importRunning } from '@switchboard/model';
import { IconListNumbers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../../app/api';
import { useSession } from '../../../app/session';
import { Dialog } from '../../../kit/Dialog';
import { importErrorText } from '../../../kit/import/errors';
import { ImportProgress } from '../../../kit/import/ImportProgress';
import { cancelImport, uploadImport } from '../../../kit/import/import-api';
import { useImportFollow } from '../../../kit/import/useImportFollow';
import { translateFailure, translateMessage } from '../../../kit/messages';
import { formatCount } from '../../../locale';

type LineError = { line: number; message: string };

/** One number per CSV row, quoted, so that a comma or a quote in a pasted line stays in its number. */
const asCsv = (numbers: readonly string[]) => `${numbers.map((n) => `"${n.replace(/"/g, '""')}"`).join('\n')}\n`;

/**
 * Adds the numbers pasted as a column (one per line) through the CSV import, all or nothing: the
 * paste goes up as a file, the import is followed to its end, and a refusal lists the pasted lines
 * at fault while the text stays for correcting.
 */
export function AddNumbers({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The place in the paste of each line sent: blank lines are not sent.
  const places = useRef<number[]>([]);

  const onEnd = async (ended: ImportItem) => {
    if (ended.state !== 'done') return;
    notifications.show({
      color: 'green',
      message: t('blacklists.imported', { n: formatCount(ended.rowsLoaded, i18n.language) }),
    });
    await queryClient.invalidateQueries({ queryKey: [path] });
    setText('');
    setOpened(false);
    reset();
  };
  const { item, report, follow, reset, take } = useImportFollow(onEnd);
  const needed = guardingRight(blacklistNumbers, 'x');
  if (!can(needed.objClass, needed.right)) return null;

  const running = item !== null && importRunning(item.state);
  const errors: LineError[] = [];
  if (failure) errors.push({ line: 0, message: failure });
  if (item && !running && item.state !== 'done') {
    errors.push({ line: 0, message: importErrorText(t, item) ?? t(`imports.state.${item.state}`) });
    for (const row of report?.rows ?? [])
      errors.push({ line: places.current[row.line - 1] ?? 0, message: translateMessage(t, row.message) });
  }

  const close = () => {
    setOpened(false);
    setFailure(null);
    if (!running) reset();
  };

  const submit = async () => {
    const lines = text.split(/\r?\n/).flatMap((raw, i) => (raw.trim() ? [{ at: i + 1, number: raw.trim() }] : []));
    setFailure(null);
    reset();
    if (!lines.length) {
      setFailure(t('blacklists.pasteEmpty'));
      return;
    }
    places.current = lines.map((l) => l.at);
    setBusy(true);
    try {
      const file = new Blob([asCsv(lines.map((l) => l.number))], { type: 'text/csv' });
      follow(
        await uploadImport(path, file, 'pasted-numbers.csv', {
          mode: 'all',
          charset: 'utf-8',
          separator: ',',
          header: false,
        }),
      );
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      setFailure(error.status === 0 ? t('common.networkError') : translateFailure(t, error.body, error.message));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!item) return;
    try {
      take(await cancelImport(item.id));
    } catch (error) {
      if (error instanceof ApiFailure) setFailure(translateFailure(t, error.body, error.message));
    }
  };

  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconListNumbers size={14} />} onClick={() => setOpened(true)}>
        {t('blacklists.addMany')}
      </Button>
      <Dialog opened={opened} onClose={close} title={t('blacklists.addManyTitle')} size="md">
        <Stack gap="sm">
          <Textarea
            label={t('blacklists.pasteLabel')}
            description={t('blacklists.pasteHint')}
            autosize
            minRows={6}
            maxRows={16}
            value={text}
            readOnly={running}
            onChange={(e) => setText(e.currentTarget.value)}
            data-autofocus
          />
          {item && running && <ImportProgress item={item} cancelling={false} onCancel={cancel} />}
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
            <Button onClick={submit} loading={busy || running}>
              {t('blacklists.addManyButton')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
