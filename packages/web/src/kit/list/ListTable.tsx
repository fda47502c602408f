import { ActionIcon, Anchor, Checkbox, Group, Table, Tooltip, UnstyledButton } from '@mantine/core';
import type { ColumnDef, ResourceDef } from '@switchboard/model';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DeleteIcon } from '../DeleteIcon';
import { Kept } from '../Kept';
import { fieldKey } from '../path';
import { Cell, type Row } from './Cell';
import type { SortableBody, SortableRow } from './SortableRows';

export type ExtraColumn = { key: string; label: string; render: (row: Row) => ReactNode };

export type Reorder = {
  onMove: (fromId: number, toId: number) => Promise<void>;
  /** The drag-and-drop rows (./SortableRows), passed in so other lists' bundles do without them. */
  Body: typeof SortableBody;
  Row: typeof SortableRow;
};

type Props = {
  def: ResourceDef;
  items: Row[];
  sort: string;
  onSort: (field: string) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: Set<number>) => void;
  mayEdit: boolean;
  mayDelete: boolean;
  /** Rows can be selected (for a bulk delete or a bulk change); default: with the delete right. */
  selectable?: boolean;
  /** Whether a row may be selected; default: every row of a selectable list. */
  selectableRow?: (row: Row) => boolean;
  /**
   * Why the server would refuse deleting a row for this user (null: it would not): such a row
   * offers no delete, and says why where the delete would be.
   */
  undeletable?: (row: Row) => string | null;
  cells?: Record<string, (row: Row) => ReactNode>;
  extraColumns: readonly ExtraColumn[];
  listOnly: boolean;
  linkOf: (row: Row) => string;
  highlight?: number | null;
  /** Drag-and-drop rows, when the list may be reordered now. */
  reorder?: Reorder & { move: (fromId: number, toId: number) => Promise<void> };
  onToggle: (row: Row, column: ColumnDef, value: boolean) => void;
  onDelete: (row: Row) => void;
};

/** The table of a list: sortable headers, row selection, the cells, and edit and delete per row. */
export function ListTable({
  def,
  items,
  sort,
  onSort,
  selected,
  onSelect,
  mayEdit,
  mayDelete,
  selectable = mayDelete,
  selectableRow = () => true,
  undeletable = () => null,
  cells,
  extraColumns,
  listOnly,
  linkOf,
  highlight,
  reorder,
  onToggle,
  onDelete,
}: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  // The editor's back arrow returns to the list exactly as it was: page, sort, search, filters, tab.
  const back = { back: `${location.pathname}${location.search}` };

  const deletable = (row: Row) => mayDelete && undeletable(row) === null;
  const choosable = items.filter(selectableRow);
  const allSelected = choosable.length > 0 && choosable.every((r) => selected.has(r.id));
  const someSelected = choosable.some((r) => selected.has(r.id));
  const flip = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  const header = (column: ColumnDef) => {
    const label = t(column.label ?? fieldKey(column.field));
    if (!column.sort) return label;
    const field = column.sort;
    const icon =
      sort === `+${field}` ? (
        <IconArrowUp size={14} />
      ) : sort === `-${field}` ? (
        <IconArrowDown size={14} />
      ) : (
        <IconArrowsSort size={14} opacity={0.4} />
      );
    return (
      <UnstyledButton onClick={() => onSort(field)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          {icon}
        </Group>
      </UnstyledButton>
    );
  };
  const ariaSort = (column: ColumnDef) => {
    if (!column.sort) return undefined;
    if (sort === `+${column.sort}`) return 'ascending' as const;
    if (sort === `-${column.sort}`) return 'descending' as const;
    return 'none' as const;
  };

  const rowBg = (row: Row) =>
    row.id === highlight
      ? 'var(--mantine-color-yellow-light)'
      : selected.has(row.id)
        ? 'var(--mantine-primary-color-light)'
        : undefined;
  const rowCells = (row: Row) => (
    <>
      {selectable && (
        <Table.Td>
          <Tooltip label={undeletable(row)} disabled={selectableRow(row) || !undeletable(row)} multiline w={320}>
            <span style={{ display: 'inline-flex' }}>
              <Checkbox
                size="xs"
                aria-label={t('kit.selectRow')}
                checked={selected.has(row.id)}
                disabled={!selectableRow(row)}
                onChange={() => flip(row.id)}
              />
            </span>
          </Tooltip>
        </Table.Td>
      )}
      {def.columns.map((column, index) => {
        const custom = cells?.[column.field];
        const content = custom ? (
          custom(row)
        ) : (
          <Cell
            resource={def.name}
            column={column}
            row={row}
            canToggle={mayEdit}
            onToggle={(value) => onToggle(row, column, value)}
          />
        );
        return (
          <Table.Td key={column.field}>
            {index === 0 && !listOnly ? (
              <Anchor component={Link} to={linkOf(row)} state={back} fz="sm">
                {content}
              </Anchor>
            ) : (
              content
            )}
          </Table.Td>
        );
      })}
      {extraColumns.map((extra) => (
        <Table.Td key={extra.key}>{extra.render(row)}</Table.Td>
      ))}
      {(mayEdit || mayDelete) && (
        <Table.Td>
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {mayEdit && !listOnly && (
              <ActionIcon
                variant="subtle"
                size="sm"
                component={Link}
                to={linkOf(row)}
                state={back}
                aria-label={t('kit.edit')}
              >
                <IconPencil size={14} />
              </ActionIcon>
            )}
            {mayDelete && !deletable(row) && <Kept reason={undeletable(row) ?? ''} />}
            {deletable(row) && <DeleteIcon label={t('kit.delete')} onClick={() => onDelete(row)} />}
          </Group>
        </Table.Td>
      )}
    </>
  );

  return (
    <Table striped highlightOnHover withTableBorder verticalSpacing={6} fz="sm">
      <Table.Thead>
        <Table.Tr>
          {reorder && <Table.Th w={32} aria-label={t('kit.dragToReorder')} />}
          {selectable && (
            <Table.Th w={36}>
              <Checkbox
                size="xs"
                aria-label={t('kit.selectAll')}
                disabled={choosable.length === 0}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={() =>
                  onSelect(allSelected ? new Set() : new Set([...selected, ...choosable.map((r) => r.id)]))
                }
              />
            </Table.Th>
          )}
          {def.columns.map((column) => (
            <Table.Th key={column.field} aria-sort={ariaSort(column)}>
              {header(column)}
            </Table.Th>
          ))}
          {extraColumns.map((extra) => (
            <Table.Th key={extra.key}>{extra.label}</Table.Th>
          ))}
          {(mayEdit || mayDelete) && <Table.Th w={72} />}
        </Table.Tr>
      </Table.Thead>
      {reorder ? (
        <reorder.Body ids={items.map((r) => r.id)} onMove={reorder.move}>
          {items.map((row) => (
            <reorder.Row key={row.id} id={row.id} bg={rowBg(row)} handleLabel={t('kit.dragToReorder')}>
              {rowCells(row)}
            </reorder.Row>
          ))}
        </reorder.Body>
      ) : (
        <Table.Tbody>
          {items.map((row) => (
            <Table.Tr key={row.id} bg={rowBg(row)} data-row-id={row.id}>
              {rowCells(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      )}
    </Table>
  );
}
