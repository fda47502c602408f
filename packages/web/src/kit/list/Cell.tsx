import { Badge, Group, Switch } from '@mantine/core';
import type { ColumnDef } from '@switchboard/model';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../locale';
import { timezoneLabel } from '../fields/TimezoneSelect';
import { fieldKey, valueAt } from '../path';

export type Row = { id: number; [field: string]: unknown };

type Props = {
  /** The resource's i18n namespace: an enum value reads `<resource>.options.<field>.<value>`, as in its form. */
  resource: string;
  column: ColumnDef;
  row: Row;
  canToggle: boolean;
  onToggle: (value: boolean) => void;
};

const refName = (value: unknown) =>
  value && typeof value === 'object' && 'name' in value ? String((value as { name: unknown }).name) : '';

/** One list cell, shown by the column's kind. */
export function Cell({ resource, column, row, canToggle, onToggle }: Props): ReactNode {
  const { t, i18n } = useTranslation();
  const value = valueAt(row, column.field);
  switch (column.kind) {
    case 'toggle':
      return (
        <Switch
          size="xs"
          checked={value === true}
          disabled={!canToggle}
          aria-label={t(column.label ?? fieldKey(column.field))}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />
      );
    case 'tags':
      return (
        <Group gap={4}>
          {(Array.isArray(value) ? value : []).map((tag) => {
            const label = typeof tag === 'object' ? refName(tag) : String(tag);
            return (
              <Badge key={label} size="xs" variant="light">
                {label}
              </Badge>
            );
          })}
        </Group>
      );
    case 'date':
      return formatDateTime(value, i18n.language);
    case 'ref':
      return refName(value);
    case 'timezone':
      return timezoneLabel(refName(value));
    case 'enum':
      return value === null || value === undefined || value === ''
        ? ''
        : t(`${resource}.options.${column.field}.${String(value)}`, { defaultValue: String(value) });
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}
