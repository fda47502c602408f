import { Group, SegmentedControl, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { ACCESS_MODE, type AccessMode } from '@switchboard/model';
import { IconBan, IconCheck, IconChecks } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  value: AccessMode;
  onChange: (mode: AccessMode) => void;
  disabled?: boolean;
  label: string;
  /** Icons with the word in a tooltip: a table of three or four rights then fits the panel. */
  compact?: boolean;
  /** Whether a mode may be chosen (the server would refuse the others); default every one. */
  allowed?: (mode: AccessMode) => boolean;
};

const MODES = [
  { mode: ACCESS_MODE.forbidden, key: 'forbidden', Icon: IconBan },
  { mode: ACCESS_MODE.allow, key: 'allow', Icon: IconCheck },
  { mode: ACCESS_MODE.manage, key: 'manage', Icon: IconChecks },
] as const;

/** Forbidden, allow or manage (1, 2, 3) for one right or one application. */
export function ModeControl({ value, onChange, disabled, label, compact, allowed }: Props) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={label}
      disabled={disabled}
      value={String(value)}
      onChange={(v) => onChange(Number(v) as AccessMode)}
      data={MODES.map(({ mode, key, Icon }) => {
        const word = t(`kit.mode.${key}`);
        const shown: ReactNode = compact ? (
          <Tooltip key={key} label={word} withArrow openDelay={300}>
            <span style={{ display: 'inline-flex', verticalAlign: 'middle' }}>
              <Icon size={14} aria-hidden />
              <VisuallyHidden>{word}</VisuallyHidden>
            </span>
          </Tooltip>
        ) : (
          word
        );
        return { value: String(mode), label: shown, disabled: mode !== value && allowed?.(mode) === false };
      })}
    />
  );
}

/** What the icons of the compact control mean, shown once above a table of them. */
export function ModeLegend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" mb="xs">
      {MODES.map(({ key, Icon }) => (
        <Group key={key} gap={4} wrap="nowrap">
          <Icon size={14} aria-hidden />
          <Text size="xs" c="dimmed">
            {t(`kit.mode.${key}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
