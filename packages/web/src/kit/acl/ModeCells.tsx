import { Table } from '@mantine/core';
import { type AccessMode, grantsFromModes, modeOf, RIGHT_NAMES, RIGHTS, type Right } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ModeControl } from './ModeControl';

/** The letter set after one right changes mode; the rights not shown keep theirs. */
export function withMode(granted: string, right: Right, mode: AccessMode): string {
  const modes = Object.fromEntries(RIGHTS.map((r) => [r, modeOf(granted, r)])) as Record<Right, AccessMode>;
  modes[right] = mode;
  return grantsFromModes(modes);
}

type Props = {
  /** The grantee's letters, e.g. `rrxw`. */
  granted: string;
  rights: readonly Right[];
  /** Names the row in each control's label (`agents: Edit`). */
  who: string;
  disabled?: boolean;
  /** The full new letter set. */
  onChange: (grants: string) => void;
  /** Whether a right may take a mode (the server would refuse the others); default every one. */
  allowed?: (right: Right, mode: AccessMode) => boolean;
};

/** One table cell per right with its forbidden/allow/manage control: a row of an access table. */
export function ModeCells({ granted, rights, who, disabled, onChange, allowed }: Props) {
  const { t } = useTranslation();
  return rights.map((r) => (
    <Table.Td key={r}>
      <ModeControl
        compact
        label={`${who}: ${t(`kit.right.${RIGHT_NAMES[r]}`)}`}
        value={modeOf(granted, r)}
        disabled={disabled}
        allowed={allowed && ((mode) => allowed(r, mode))}
        onChange={(mode) => onChange(withMode(granted, r, mode))}
      />
    </Table.Td>
  ));
}
