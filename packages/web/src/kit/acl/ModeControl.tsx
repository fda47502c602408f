import { SegmentedControl } from '@mantine/core';
import { ACCESS_MODE, type AccessMode } from '@switchboard/model';
import { useTranslation } from 'react-i18next';

type Props = { value: AccessMode; onChange: (mode: AccessMode) => void; disabled?: boolean; label: string };

/** Forbidden, allow or manage (1, 2, 3) for one right or one application. */
export function ModeControl({ value, onChange, disabled, label }: Props) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={label}
      disabled={disabled}
      value={String(value)}
      onChange={(v) => onChange(Number(v) as AccessMode)}
      data={[
        { value: String(ACCESS_MODE.forbidden), label: t('kit.mode.forbidden') },
        { value: String(ACCESS_MODE.allow), label: t('kit.mode.allow') },
        { value: String(ACCESS_MODE.manage), label: t('kit.mode.manage') },
      ]}
    />
  );
}
