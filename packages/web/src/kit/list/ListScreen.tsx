import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { guardingRight, type ResourceDef, type Right } from '@switchboard/model';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { ImportButton } from '../import/ImportButton';
import { Pager } from '../Pager';
import { valueAt } from '../path';
import { BulkToggles } from './BulkToggles';
import type { Row } from './Cell';
import { DeleteDialog, type DeleteTarget } from './DeleteDialog';
import { ExportButton } from './ExportButton';
import { FilterBar } from './FilterBar';
import { ListNotes } from './ListNotes';
import { type ExtraColumn, ListTable, type Reorder } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { useListData } from './useListData';
import { NO_FILTERS, useListState } from './useListState';

type Props = {
  def: ResourceDef;
  /** Translated screen title. */
  title: string;
  /** Screen-specific rendering of some columns, by field. */
  cells?: Record<string, (row: Row) => ReactNode>;
  /** API path of the list when it differs from the definition's (records nested under a parent). */
  path?: string;
  /** The parent record of a nested list (its imports are looked up by it). */
  parentId?: number;
  /**
   * Prefix of the list's params in the URL, for a list that shares its screen with another (a tab
   * of an editor); see useListState.
   */
  ns?: string;
  /** Extra list parameters a screen sets itself; a change starts a new read. */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  /** Screen-specific controls (import, export, filters of its own) shown beside the search box. */
  toolbar?: ReactNode;
  /**
   * Rows can be dragged onto another row's place (dialplan order). Offered only in the default
   * order without a search, and with the edit right; `onMove` saves and the list reads again.
   */
  reorder?: Reorder;
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
  extraColumns?: readonly ExtraColumn[];
  /** Inside an editor's tab: no frame of its own and a smaller heading. */
  embedded?: boolean;
  /**
   * Why the server would refuse deleting a row for this user, or null. Default: a row the server
   * answered `protected` (users, roles) says so in general words; a screen says it better.
   */
  undeletable?: (row: Row) => string | null;
};

/** How a delete confirmation names a record: its name, else its first column. */
export function recordName(def: ResourceDef, row: Row): string {
  const value = row.name ?? valueAt(row, def.columns[0]?.field ?? 'id');
  return value === null || value === undefined || value === '' ? `#${row.id}` : String(value);
}

/**
 * The generic list screen: columns, header sort, search, declared filters, paging by `next` with a
 * choice of page size, row selection with bulk delete, inline toggles, empty states. Everything
 * comes from the resource definition; the scope decides which controls show, by the same rule
 * the server applies (`guardingRight`).
 */
export function ListScreen({
  def,
  title,
  cells,
  path: pathProp,
  parentId,
  ns,
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
  embedded = false,
  undeletable,
}: Props) {
  const { t } = useTranslation();
  const { can } = useSession();
  const filters = def.filters ?? NO_FILTERS;
  const state = useListState(def.defaultSort, { ns, filters });
  const { query, page } = state;
  // A screen's own filter (the license expiry, say) narrows the list as much as a declared one.
  const filtered =
    state.filtered ||
    Object.values(extraQuery ?? {}).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length));
  const path = pathProp ?? def.path;
  const { list, items, toggle, remove, move, setMany } = useListData(def, path, query, extraQuery, live);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [deleting, setDeleting] = useState(false);

  const may = (right: Right) => {
    const g = guardingRight(def, right);
    return can(g.objClass, g.right);
  };
  const mayCreate = def.ops.create && may('x');
  const mayEdit = (def.ops.update || def.ops.patch) && may('w');
  const mayDelete = def.ops.delete && may('d');
  // The server guards an import by the create right, as it guards Add.
  const mayImport = Boolean(def.import) && may('x');
  const emptyPage = list.isSuccess && !list.isPlaceholderData && items.length === 0;

  // A page beyond the first that comes back empty (its last rows were deleted) steps back one page.
  const { stepBack } = state;
  useEffect(() => {
    if (emptyPage && page > 1) stepBack();
  }, [emptyPage, page, stepBack]);

  // Selection belongs to the rows on screen; another page, search or filter starts a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the query changes
  useEffect(() => setSelected(new Set()), [query, extraQuery]);

  const confirmDelete = async () => {
    if (!target) return;
    setDeleting(true);
    if (await remove(target.ids, target.name)) setSelected(new Set());
    setDeleting(false);
    setTarget(null);
  };

  // Toggle columns the definition lets change on several records at once (`ops.bulkPatch`).
  const bulkToggles = mayEdit
    ? def.columns.filter((c) => c.kind === 'toggle' && c.patch && def.ops.bulkPatch?.includes(c.field))
    : [];
  const [bulkBusy, setBulkBusy] = useState(false);
  const bulkSet = async (patch: Record<string, unknown>) => {
    setBulkBusy(true);
    if (await setMany([...selected], patch)) setSelected(new Set());
    setBulkBusy(false);
  };

  const keptBecause = (row: Row) =>
    undeletable ? undeletable(row) : row.protected === true ? t('kit.protectedRow') : null;
  // Rows selected only to be deleted: one the server would refuse to delete is not offered, and
  // leaves the selection when a new read says so.
  const selectableRow = bulkToggles.length > 0 ? undefined : (row: Row) => keptBecause(row) === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows are read again
  useEffect(() => {
    if (!selectableRow) return;
    const kept = items.filter((r) => selected.has(r.id) && !selectableRow(r)).map((r) => r.id);
    if (kept.length) setSelected((old) => new Set([...old].filter((id) => !kept.includes(id))));
  }, [items]);

  const sortable = Boolean(reorder) && mayEdit && state.sort === def.defaultSort && !state.q && !state.filtered;

  const body = (
    <>
      <ListToolbar
        title={title}
        order={embedded ? 4 : 3}
        q={state.q}
        onSearch={state.setSearch}
        onRefresh={() => list.refetch()}
        selected={selected.size}
        onDeleteSelected={
          mayDelete && !items.some((r) => selected.has(r.id) && keptBecause(r) !== null)
            ? () => setTarget({ ids: [...selected], name: null })
            : undefined
        }
        selectionActions={
          selected.size > 0 && bulkToggles.length > 0 ? (
            <BulkToggles
              resource={def.name}
              columns={bulkToggles}
              n={selected.size}
              busy={bulkBusy}
              onSet={(patch) => void bulkSet(patch)}
            />
          ) : undefined
        }
        add={mayCreate}
        addControl={addControl}
      >
        {toolbar}
        {mayImport && <ImportButton def={def} path={path} parentId={parentId} onDone={() => list.refetch()} />}
        {def.export && (
          <ExportButton
            path={path}
            name={def.name}
            query={{ ...extraQuery, ...query, page: undefined, size: undefined }}
          />
        )}
      </ListToolbar>
      {filters.length > 0 && (
        <FilterBar resource={def.name} filters={filters} values={state.values} onChange={state.setFilters} />
      )}
      <ListTable
        selectable={mayDelete || bulkToggles.length > 0}
        selectableRow={selectableRow}
        undeletable={keptBecause}
        def={def}
        items={items}
        sort={state.sort}
        onSort={state.toggleSort}
        selected={selected}
        onSelect={setSelected}
        mayEdit={mayEdit}
        mayDelete={mayDelete}
        cells={cells}
        extraColumns={extraColumns}
        listOnly={listOnly}
        linkOf={(row) => (rowLink ? rowLink(row) : String(row.id))}
        highlight={highlight}
        reorder={sortable && reorder ? { ...reorder, move: (from, to) => move(from, to, reorder.onMove) } : undefined}
        onToggle={toggle}
        onDelete={(row) => setTarget({ ids: [row.id], name: recordName(def, row) })}
      />
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
      <ListNotes def={def} empty={emptyPage && page === 1} searched={Boolean(state.q)} filtered={filtered} />
      {footer}
      <Pager
        page={page}
        next={Boolean(list.data?.next) && !list.isPlaceholderData}
        onPage={state.setPage}
        size={state.size}
        onSize={state.setSize}
      />
      <DeleteDialog target={target} busy={deleting} onConfirm={confirmDelete} onCancel={() => setTarget(null)} />
    </>
  );
  return embedded ? (
    <div>{body}</div>
  ) : (
    <Paper withBorder p="md">
      {body}
    </Paper>
  );
}
