import { Badge } from '@mantine/core';
import { type DeviceState, deviceStateName } from '@switchboard/model';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DeviceState, string> = {
  nonreg: 'gray',
  reged: 'green',
  ringing: 'yellow',
  dialing: 'cyan',
  dialog: 'blue',
  onhold: 'orange',
};

/** The presence state of a device (its `state` index) as a coloured badge. */
export function DeviceStateBadge({ state }: { state: unknown }) {
  const { t } = useTranslation();
  const name = deviceStateName(state);
  return (
    <Badge size="sm" variant="light" color={COLORS[name]} data-state={name}>
      {t(`devices.states.${name}`)}
    </Badge>
  );
}
