import { Table, type TableProps } from '@mantine/core';

type Props = Omit<TableProps, 'children'> & {
  /** How many columns the table has (the widest row read). */
  columns: number;
  /** A column's header. */
  columnName: (i: number) => string;
  /** The data rows shown; a short row leaves its last cells empty. */
  rows: readonly (readonly string[])[];
  /** Above this height the table scrolls. */
  maxHeight?: number;
  'data-testid'?: string;
};

/** The first rows of a CSV file as a table, each cell as the file has it. */
export function CsvPreview({ columns, columnName, rows, maxHeight, ...table }: Props) {
  const positions = Array.from({ length: columns }, (_, i) => i);
  return (
    <Table.ScrollContainer minWidth={400} maxHeight={maxHeight}>
      <Table withTableBorder withColumnBorders {...table}>
        <Table.Thead>
          <Table.Tr>
            {positions.map((i) => (
              <Table.Th key={i}>{columnName(i)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the file
            <Table.Tr key={r}>
              {positions.map((i) => (
                <Table.Td key={i}>{row[i] ?? ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
