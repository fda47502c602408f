import { Loader, Table, Text } from '@mantine/core';
import { FIRST_PAGE, type ListAnswer } from '@switchboard/model';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Pager } from './Pager';

type Props<T> = {
  list: UseQueryResult<ListAnswer<T>>;
  page: number;
  onPage: (page: number) => void;
  /** The header cells. */
  head: ReactNode;
  /** One `<Table.Tr>` per item. */
  row: (item: T) => ReactNode;
  /** Said when the first page is empty. */
  empty: string;
  /** false: the API answers one bounded page (no `next`), so no pager is shown. */
  pager?: boolean;
};

/**
 * A sub-list of an editor (tokens, audit log): a loader, the table, the empty text and the pager.
 * Like the list screens, a page beyond the first that comes back empty steps back one page.
 */
export function PagedTable<T>({ list, page, onPage, head, row, empty, pager = true }: Props<T>) {
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
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{items.map(row)}</Table.Tbody>
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
