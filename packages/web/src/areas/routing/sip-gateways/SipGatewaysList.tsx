import { Badge, Button, Menu } from '@mantine/core';
import { type SipRegistrationState, sipGatewayEditPath, sipGateways } from '@switchboard/model';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Row } from '../../../kit/list/Cell';
import { ListScreen } from '../../../kit/list/ListScreen';

const STATE_COLORS: Record<SipRegistrationState, string> = {
  success: 'green',
  failed: 'red',
  in_progress: 'yellow',
  not_registered: 'gray',
};

export function RegistrationBadge({ row }: { row: Row }) {
  const { t } = useTranslation();
  // A trunk has nothing to register.
  if (row.register !== true) return '—';
  const state = (row.rState as SipRegistrationState) ?? 'not_registered';
  return (
    <Badge size="sm" variant="light" color={STATE_COLORS[state] ?? 'gray'}>
      {t(`sipGateways.states.${state}`)}
    </Badge>
  );
}

function KindBadge({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    // The light variant: outline text in these colours reads below 4.5:1 on white.
    <Badge size="sm" variant="light" color={row.register ? 'blue' : 'grape'}>
      {t(row.register ? 'sipGateways.register' : 'sipGateways.trunking')}
    </Badge>
  );
}

/** `/routing/sip-gateways`: both variants in one list, registration status live; Add offers either. */
export function SipGatewaysList() {
  const { t } = useTranslation();
  const add = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" leftSection={<IconPlus size={14} />} rightSection={<IconChevronDown size={14} />}>
          {t('kit.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="register/new">
          {t('sipGateways.newRegister')}
        </Menu.Item>
        <Menu.Item component={Link} to="trunking/new">
          {t('sipGateways.newTrunking')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
  return (
    <ListScreen
      def={sipGateways}
      title={t('sipGateways.title')}
      // Registration status changes arrive over the live stream (telephony `gateway` events).
      live="gateways"
      addControl={add}
      rowLink={(row) => sipGatewayEditPath({ id: row.id, register: row.register === true })}
      cells={{
        register: (row) => <KindBadge row={row} />,
        rState: (row) => <RegistrationBadge row={row} />,
      }}
    />
  );
}
