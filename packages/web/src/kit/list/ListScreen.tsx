import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { type ColumnDef, guardingRight, type ListAnswer, type ResourceDef, type Right } from '@switchboard/model';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconPencil,
  IconPlus,
  IconRefresh,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../app/api';
import { useSession } from '../../app/session';
import { useLiveEvents } from '../../app/useLiveEvents';
import { ConfirmDialog } from '../ConfirmDialog';
import { Pager } from '../Pager';
import { fieldKey } from '../path';
import { Cell, type Row } from './Cell';
import { ListNotes } from './ListNotes';
import type { SortableBody, SortableRow } from './SortableRows';
import { useListState } from './useListState';

type Props = {
  def: ResourceDef;
  /** Translated screen title. */
  title: string;
  /** Screen-specific rendering of some columns, by field. */
  cells?: Record<string, (row: Row) => ReactNode>;
  /** API path of the list when it differs from the definition's (records nested under a parent). */
  path?: string;
  /** Extra list parameters (filters); a change starts a new read. */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  /** Screen-specific controls (filters, import, export) shown beside the search box. */
  toolbar?: ReactNode;
  /**
   * Rows can be dragged onto another row's place (dialplan order). Offered only in the default
   * order without a search, and with the edit right; `onMove` saves and the list reads again.
   */
  reorder?: {
    onMove: (fromId: number, toId: number) => Promise<void>;
    /** The drag-and-drop rows (./SortableRows), passed in so other lists' bundles do without them. */
    Body: typeof SortableBody;
    Row: typeof SortableRow;
  };
  /** A row to point out (the rule a tested number matches, say). */
  highlight?: number | null;
  /** Content under the table (a tester, say). */
  footer?: ReactNode;
  /**
   * Live topic (GET /api/events): an event patches the row it names (its `id`) with the fields the
   * row shows, then the page is read again, without a reload.
   */
  live?: string;
  /** Link of a row's editor, relative to the list, when it is not `{id}` (hotdesk devices, say). */
  rowLink?: (row: Row) => string;
  /** Replaces the Add button (a menu of variants, say); shown only with the create right. */
  addControl?: ReactNode;
  /** A list without editors (media): the first cell is no link to one. */
  listOnly?: boolean;
  /** Columns after the definition's ones that show something other than a field (a player, say). */
  extraColumns?: readonly { key: string; label: string; render: (row: Row) => ReactNode }[];
};

/** Events arriving in a burst cause one read of the page. */
const LIVE_REFRESH_DELAY_MS = 250;

const SEARCH_DELAY_MS = 400;

/**
 * The generic list screen: columns, header sort, search, paging by `next`, row selection with
 * bulk delete, inline toggles, empty states. Everything comes from the resource definition; the
 * scope decides which controls show.
 */
export function ListScreen({
  def,
  title,
  cells,
  path: pathProp,
  query: extraQuery,
  toolbar,
  live,
  rowLink,
  reorder,
  highlight,
  footer,
  addControl,
  listOnly = false,
  extraColumns = [],
}: Props) {
  const { t } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const state = useListState(def.defaultSort);
  const { query, page } = state;
  const path = pathProp ?? def.path;
  const key = [path, 'list', query, extraQuery ?? null] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api.get<ListAnswer<Row>>(path, { query: { ...extraQuery, ...query, fields: def.listFields }, signal }),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<number[] | null>(null);
  // The dialog keeps showing its count while it fades out after the records are gone.
  const confirmCount = useRef(0);
  if (confirm) confirmCount.current = confirm.length;
  const [deleting, setDeleting] = useState(false);
  const [term, setTerm] = useState(state.q);
  const linkOf = (row: Row) => (rowLink ? rowLink(row) : String(row.id));

  const liveRefresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (liveRefresh.current) clearTimeout(liveRefresh.current);
    },
    [],
  );
  useLiveEvents(live, (data) => {
    const id = data?.id;
    if (data && typeof id === 'number') {
      // The row shows the new state at once; only the fields it already has are taken.
      queryClient.setQueriesData<ListAnswer<Row>>({ queryKey: [path, 'list'] }, (old) =>
        old
          ? {
              ...old,
              items: old.items.map((r) =>
                r.id === id ? { ...r, ...Object.fromEntries(Object.entries(data).filter(([k]) => k in r)) } : r,
              ),
            }
          : old,
      );
    }
    if (liveRefresh.current) clearTimeout(liveRefresh.current);
    liveRefresh.current = setTimeout(() => {
      liveRefresh.current = null;
      queryClient.invalidateQueries({ queryKey: [path] });
    }, LIVE_REFRESH_DELAY_MS);
  });

  // The right as the server checks it: a nested resource may be guarded by its parent's.
  const may = (right: Right) => {
    const g = guardingRight(def, right);
    return can(g.objClass, g.right);
  };
  const mayCreate = def.ops.create && may('x');
  const mayEdit = (def.ops.update || def.ops.patch) && may('w');
  const mayDelete = def.ops.delete && may('d');
  const items = list.data?.items ?? [];
  const emptyPage = list.isSuccess && !list.isPlaceholderData && items.length === 0;

  // A page beyond the first that comes back empty (its last rows were deleted) steps back one page.
  const { stepBack } = state;
  useEffect(() => {
    if (emptyPage && page > 1) stepBack();
  }, [emptyPage, page, stepBack]);

  // Selection belongs to the rows on screen; another page or search starts a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the query changes
  useEffect(() => setSelected(new Set()), [query, extraQuery]);

  // The URL may change under the box (Back, a bookmark): the box follows it.
  useEffect(() => setTerm(state.q), [state.q]);
  const { setSearch } = state;
  useEffect(() => {
    if (term.trim() === state.q) return;
    const timer = setTimeout(() => setSearch(term), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, state.q, setSearch]);

  const toggle = async (row: Row, column: ColumnDef, value: boolean) => {
    if (!column.patch) return;
    // A read still in flight would overwrite the switched row with what the server had before.
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<ListAnswer<Row>>(key, (old) =>
      old ? { ...old, items: old.items.map((r) => (r.id === row.id ? { ...r, [column.field]: value } : r)) } : old,
    );
    try {
      await api.patch(`${path}/${row.id}`, column.patch(value));
    } catch {
      // The row on screen no longer tells the truth: read the page again.
      await list.refetch();
      return;
    }
    // The server may derive other columns from the change (do-not-disturb sets the presence
    // status): read the page again so the whole row tells the truth.
    await queryClient.invalidateQueries({ queryKey: [path] });
  };

  const remove = async (ids: number[]) => {
    setDeleting(true);
    try {
      if (ids.length === 1) await api.delete(`${path}/${ids[0]}`);
      else await api.delete(path, { query: { id: ids } });
      setSelected(new Set());
    } catch {
      // api.ts has already told the user why.
    } finally {
      setDeleting(false);
      setConfirm(null);
      await queryClient.invalidateQueries({ queryKey: [path] });
    }
  };

  const sortable = Boolean(reorder) && mayEdit && state.sort === def.defaultSort && !state.q;
  const move = async (fromId: number, toId: number) => {
    if (!reorder) return;
    // The rows take their new order at once; the answer (or a failure) reads the page again.
    const from = items.findIndex((r) => r.id === fromId);
    const to = items.findIndex((r) => r.id === toId);
    if (from >= 0 && to >= 0) {
      await queryClient.cancelQueries({ queryKey: key });
      const next = [...items];
      next.splice(to, 0, ...next.splice(from, 1));
      queryClient.setQueryData<ListAnswer<Row>>(key, (old) => (old ? { ...old, items: next } : old));
    }
    try {
      await reorder.onMove(fromId, toId);
    } finally {
      await queryClient.invalidateQueries({ queryKey: [path] });
    }
  };

  const allSelected = items.length > 0 && items.every((r) => selected.has(r.id));
  const someSelected = items.some((r) => selected.has(r.id));
  const flip = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const header = (column: ColumnDef) => {
    const label = t(fieldKey(column.field));
    if (!column.sort) return label;
    const field = column.sort;
    const icon =
      state.sort === `+${field}` ? (
        <IconArrowUp size={14} />
      ) : state.sort === `-${field}` ? (
        <IconArrowDown size={14} />
      ) : (
        <IconArrowsSort size={14} opacity={0.4} />
      );
    return (
      <UnstyledButton onClick={() => state.toggleSort(field)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          {icon}
        </Group>
      </UnstyledButton>
    );
  };
  const ariaSort = (column: ColumnDef) => {
    if (!column.sort) return undefined;
    if (state.sort === `+${column.sort}`) return 'ascending' as const;
    if (state.sort === `-${column.sort}`) return 'descending' as const;
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
      {mayDelete && (
        <Table.Td>
          <Checkbox
            size="xs"
            aria-label={t('kit.selectRow')}
            checked={selected.has(row.id)}
            onChange={() => flip(row.id)}
          />
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
            onToggle={(value) => toggle(row, column, value)}
          />
        );
        return (
          <Table.Td key={column.field}>
            {index === 0 && !listOnly ? (
              <Anchor component={Link} to={linkOf(row)} fz="sm">
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
            {mayEdit && (
              <ActionIcon variant="subtle" size="sm" component={Link} to={linkOf(row)} aria-label={t('kit.edit')}>
                <IconPencil size={14} />
              </ActionIcon>
            )}
            {mayDelete && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t('kit.delete')}
                onClick={() => setConfirm([row.id])}
              >
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
        </Table.Td>
      )}
    </>
  );

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3}>{title}</Title>
        <Group gap="xs" wrap="nowrap">
          {toolbar}
          <TextInput
            size="xs"
            w={240}
            leftSection={<IconSearch size={14} />}
            placeholder={t('kit.search')}
            aria-label={t('kit.search')}
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setSearch(term);
            }}
          />
          <Tooltip label={t('kit.refresh')}>
            <ActionIcon variant="default" size="md" aria-label={t('kit.refresh')} onClick={() => list.refetch()}>
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
          {mayDelete && selected.size > 0 && (
            <Button
              size="xs"
              color="red"
              variant="light"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirm([...selected])}
            >
              {t('kit.deleteSelected', { n: selected.size })}
            </Button>
          )}
          {mayCreate &&
            (addControl ?? (
              <Button size="xs" component={Link} to="new" leftSection={<IconPlus size={14} />}>
                {t('kit.add')}
              </Button>
            ))}
        </Group>
      </Group>

      <Table striped highlightOnHover withTableBorder verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            {sortable && <Table.Th w={32} aria-label={t('kit.dragToReorder')} />}
            {mayDelete && (
              <Table.Th w={36}>
                <Checkbox
                  size="xs"
                  aria-label={t('kit.selectAll')}
                  disabled={items.length === 0}
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() =>
                    setSelected(allSelected ? new Set() : new Set([...selected, ...items.map((r) => r.id)]))
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
        {sortable && reorder ? (
          <reorder.Body ids={items.map((r) => r.id)} onMove={move}>
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

      {list.isPending && (
        <Group justify="center" p="md">
          <Loader size="sm" />
        </Group>
      )}
      {list.isError && !list.data && (
        <Group justify="center" p="md" gap="xs">
          <Text size="sm" c="red">
            {t('kit.loadFailed')}
          </Text>
          <Button size="xs" variant="light" onClick={() => list.refetch()}>
            {t('kit.retry')}
          </Button>
        </Group>
      )}
      {list.isSuccess && (
        <ListNotes def={def} empty={emptyPage && page === 1} searched={Boolean(state.q)} query={extraQuery} />
      )}

      {footer}

      <Pager page={page} next={Boolean(list.data?.next) && !list.isPlaceholderData} onPage={(n) => state.setPage(n)} />

      <ConfirmDialog
        opened={confirm !== null}
        title={t('kit.deleteTitle')}
        message={t('kit.deleteConfirm', { n: confirmCount.current })}
        confirmLabel={t('kit.delete')}
        danger
        busy={deleting}
        onConfirm={() => confirm && remove(confirm)}
        onCancel={() => setConfirm(null)}
      />
    </Paper>
  );
}
