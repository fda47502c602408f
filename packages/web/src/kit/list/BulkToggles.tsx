import { Button } from '@mantine/core';
import type { ColumnDef } from '@switchboard/model';
import { IconToggleLeft, IconToggleRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldKey } from '../path';

type Props = {
  /** The resource's i18n namespace: `<resource>.bulk.<field>.on|off` words the buttons its own way. */
  resource: string;
  columns: readonly ColumnDef[];
  /** Rows selected. */
  n: number;
  busy: boolean;
  onSet: (patch: Record<string, unknown>) => void;
};

/** Switch a toggle column on or off for every selected row (queues: enable or disable several). */
export function BulkToggles({ resource, columns, n, busy, onSet }: Props) {
  const { t } = useTranslation();
  return columns.flatMap((column) => {
    const field = t(column.label ?? fieldKey(column.field));
    return ([true, false] as const).map((value) => {
      const word = value ? 'on' : 'off';
      return (
        <Button
          key={`${column.field}-${word}`}
          size="xs"
          variant="light"
          loading={busy}
          leftSection={value ? <IconToggleRight size={14} /> : <IconToggleLeft size={14} />}
          onClick={() => column.patch && onSet(column.patch(value))}
        >
          {t(`${resource}.bulk.${column.field}.${word}`, {
            n,
            defaultValue: t(`list.bulk.${word}`, { n, field }),
          })}
        </Button>
      );
    });
  });
}
