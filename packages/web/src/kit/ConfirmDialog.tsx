import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A yes/no question before something that cannot be undone (delete, leaving unsaved changes). */
export function ConfirmDialog({ opened, title, message, confirmLabel, danger, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog opened={opened} onClose={onCancel} title={title} centered size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="md" gap="xs">
        <Button variant="default" size="xs" onClick={onCancel}>
          {t('kit.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} size="xs" loading={busy} onClick={onConfirm}>
          {confirmLabel ?? t('kit.confirm')}
        </Button>
      </Group>
    </Dialog>
  );
}

/** What a row's confirmation says; `row` is null while the dialog closes. */
export type RowQuestion = { title: string; message: string; confirmLabel: string; danger?: boolean };

/**
 * A question about one row before acting on it: `ask(row)` opens `dialog`, confirming runs
 * `action` on that row (busy meanwhile) and closes it. A failure of the action is not shown
 * again: api.ts has told the user why.
 */
export function useRowConfirm<Row>(action: (row: Row) => Promise<unknown>, question: (row: Row | null) => RowQuestion) {
  const [row, setRow] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setRow(null);
  const confirm = async () => {
    if (row === null) return;
    setBusy(true);
    try {
      await action(row);
    } catch {
      // api.ts has told the user why.
    } finally {
      setBusy(false);
      close();
    }
  };
  const dialog = (
    <ConfirmDialog {...question(row)} opened={row !== null} busy={busy} onConfirm={confirm} onCancel={close} />
  );
  return { ask: setRow, dialog };
}
