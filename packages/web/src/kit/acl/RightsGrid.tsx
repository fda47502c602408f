import { Table, Text } from '@mantine/core';
import { type AccessMode, RIGHT_NAMES, type Right } from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { DeleteIcon } from '../DeleteIcon';
import { Kept } from '../Kept';
import { ModeCells } from './ModeCells';
import { ModeLegend } from './ModeControl';

/** One row of a rights grid: what it names, its letters and what a change of them does. */
export type RightsRow = {
  key: string | number;
  /** The cells before the rights (a role; a grantor and a grantee; a class). */
  names: readonly ReactNode[];
  /** The row's letters, e.g. `rrxw`. */
  granted: string;
  /** Names the row in each control's label (`agents: Edit`). */
  who: string;
  /** Whether a right may take a mode (the server would refuse the others); default every one. */
  allowed?: (right: Right, mode: AccessMode) => boolean;
  /** The full new letter set. */
  onChange: (grants: string) => void;
  /** The remove control of a grid with one: its accessible name and action, or why the row stays. */
  remove?: { label: string; onRemove: () => void; kept?: string | null };
  /** Marks the row for tests and styles (`data-class`, say). */
  data?: Record<`data-${string}`, string>;
};

type Props = {
  /** The headers of the name cells. */
  heads: readonly string[];
  /** Rights shown as columns; other letters a row holds are kept as they are. */
  rights: readonly Right[];
  rows: readonly RightsRow[];
  readOnly?: boolean;
  /** A last column with each row's remove control (not when read-only). */
  removable?: boolean;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  /** Said under an empty grid; nothing when omitted. */
  empty?: string;
};

/**
 * The one table of access rights: a legend of the modes, then a row per grantee (or rule, or class)
 * with a forbidden/allow/manage control per right, and its remove control when it has one.
 */
export function RightsGrid({ heads, rights, rows, readOnly, removable, minWidth = 480, empty }: Props) {
  const { t } = useTranslation();
  const removeColumn = removable && !readOnly;
  return (
    <>
      <ModeLegend />
      <Table.ScrollContainer minWidth={minWidth}>
        <Table withTableBorder striped verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              {heads.map((head) => (
                <Table.Th key={head}>{head}</Table.Th>
              ))}
              {rights.map((r) => (
                <Table.Th key={r}>{t(`kit.right.${RIGHT_NAMES[r]}`)}</Table.Th>
              ))}
              {removeColumn && <Table.Th w={40} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} {...row.data}>
                {row.names.map((name, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the name cells are positions
                  <Table.Td key={i}>{name}</Table.Td>
                ))}
                <ModeCells
                  granted={row.granted}
                  rights={rights}
                  who={row.who}
                  disabled={readOnly}
                  allowed={row.allowed}
                  onChange={row.onChange}
                />
                {removeColumn && <Table.Td>{row.remove && <RemoveCell {...row.remove} />}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {empty && rows.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" p="sm">
          {empty}
        </Text>
      )}
    </>
  );
}

function RemoveCell({ label, onRemove, kept }: NonNullable<RightsRow['remove']>) {
  if (kept) return <Kept reason={kept} />;
  return <DeleteIcon label={label} onClick={onRemove} />;
}

/**
 * The rows of a rights route (`{ items }`) and a save that PATCHes a change, then reads the rows
 * again: a refused change has been told by api.ts, and the grid shows what holds.
 */
export function useRights<T>(path: string) {
  const list = useQuery({
    queryKey: [path],
    queryFn: ({ signal }) => api.get<{ items: T[] }>(path, { signal }),
  });
  const save = async (body: unknown, at = path) => {
    try {
      await api.patch(at, body);
    } catch {
      // api.ts has told the user why; the grid shows what holds now.
    }
    await list.refetch();
  };
  return { list, save };
}
