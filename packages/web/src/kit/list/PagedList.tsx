import { Loader, Table, Text } from '@mantine/core';
import { FIRST_PAGE, type ListAnswer, PAGE_SIZE } from '@switchboard/model';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { api } from '../../app/api';
import { Pager } from '../Pager';

/** A column of a list: its header and what each row shows in it. */
export type Column<T> = {
  key: string;
  /** The header; none for a column of buttons. */
  label?: string;
  render: (item: T) => ReactNode;
  /** The header's width. */
  w?: number;
  /** The style of each of its cells. */
  style?: CSSProperties;
};

type Props<T extends { id: number }> = {
  list: UseQueryResult<ListAnswer<T>>;
  page: number;
  onPage: (page: number) => void;
  columns: readonly Column<T>[];
  /** Marks a row for tests (`data-testid`, say). */
  rowData?: Record<`data-${string}`, string>;
  /** Said when the first page is empty. */
  empty: string;
  /** false: the API answers one bounded page (no `next`), so no pager is shown. */
  pager?: boolean;
};

/**
 * A read-only list of an editor's tab or a detail screen (audit logs, tokens, versions, exports):
 * a loader, the table of the declared columns, the empty text and the pager. Like the list
 * screens, a page beyond the first that comes back empty steps back one page.
 */
export function PagedList<T extends { id: number }>({
  list,
  page,
  onPage,
  columns,
  rowData,
  empty,
  pager = true,
}: Props<T>) {
  const items = list.data?.items ?? [];
  const emptyPage = list.isSuccess && items.length === 0;
  useEffect(() => {
    if (emptyPage && page > FIRST_PAGE) onPage(page - 1);
  }, [emptyPage, page, onPage]);

  return (
    <>
      {list.isPending ? (
        <Loader size="sm" />
      ) : (
        <Table withTableBorder striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.w}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} {...rowData}>
                {columns.map((column) => (
                  <Table.Td key={column.key} style={column.style}>
                    {column.render(item)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {emptyPage && page === FIRST_PAGE && (
        <Text size="sm" c="dimmed" ta="center" p="sm">
          {empty}
        </Text>
      )}
      {pager && <Pager page={page} next={Boolean(list.data?.next)} onPage={onPage} />}
    </>
  );
}

/** A page of a list route (`{ items, next }`) read with these parameters; another value reads again. */
export function usePage<T>(path: string, query: Record<string, unknown>) {
  return useQuery({
    queryKey: [path, query],
    queryFn: ({ signal }) => api.get<ListAnswer<T>>(path, { query, signal }),
  });
}

/** What PagedList shows (`<PagedList {...paged} />`): a page of the list, and the page and its setter. */
export type Paged<T> = { list: UseQueryResult<ListAnswer<T>>; page: number; onPage: (page: number) => void };

/** A list route read a page of the default size at a time from the first, with these parameters too. */
export function usePaged<T>(path: string, query: Record<string, unknown> = {}): Paged<T> {
  const [page, setPage] = useState(FIRST_PAGE);
  return { list: usePage<T>(path, { page, size: PAGE_SIZE, ...query }), page, onPage: setPage };
}

/** A list route read with the page, sort and filters a list state keeps in the URL. */
export function usePagedState<T>(
  path: string,
  state: { query: Record<string, unknown>; page: number; setPage: (page: number) => void },
): Paged<T> {
  return { list: usePage<T>(path, state.query), page: state.page, onPage: state.setPage };
}
