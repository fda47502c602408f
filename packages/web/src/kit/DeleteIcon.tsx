import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The red bin of a row (delete a record, remove a grantee or a row): named by what it does. */
export function DeleteIcon({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <ActionIcon variant="subtle" color="red" size="sm" aria-label={label} disabled={disabled} onClick={onClick}>
      <IconTrash size={14} />
    </ActionIcon>
  );
}
