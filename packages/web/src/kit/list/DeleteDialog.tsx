import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';

/** What a delete is about to remove: one named record, or several selected ones. */
export type DeleteTarget = { ids: number[]; name: string | null };

type Props = { target: DeleteTarget | null; busy: boolean; onConfirm: () => void; onCancel: () => void };

/** Asks before deleting; a single record is named, several are counted. */
export function DeleteDialog({ target, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  // The dialog keeps its text while it fades out after the records are gone.
  const shown = useRef<DeleteTarget>({ ids: [], name: null });
  if (target) shown.current = target;
  const { ids, name } = shown.current;
  return (
    <ConfirmDialog
      opened={target !== null}
      title={name !== null ? t('list.deleteOneTitle') : t('kit.deleteTitle')}
      message={name !== null ? t('list.deleteOne', { name }) : t('kit.deleteConfirm', { n: ids.length })}
      confirmLabel={t('kit.delete')}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
