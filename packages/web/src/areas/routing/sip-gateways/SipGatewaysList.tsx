import { Badge } from '@mantine/core';
import { type SipRegistrationState, sipGatewayEditPath, sipGateways } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { AddMenu } from '../../../kit/list/AddMenu';
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
    <AddMenu
      items={[
        { to: 'register/new', label: t('sipGateways.newRegister') },
        { to: 'trunking/new', label: t('sipGateways.newTrunking') },
      ]}
    />
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
