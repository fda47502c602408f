import { Badge, Button } from '@mantine/core';
import { devices } from '@switchboard/model';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import type { Row } from '../../../kit/list/Cell';
import { ListScreen } from '../../../kit/list/ListScreen';
import { DeviceStateBadge } from './DeviceStateBadge';

/** Hotdesk devices open in their own editor (`hotdesk/{id}`). */
const rowLink = (row: Row) => (row.hotdesk === true ? `hotdesk/${row.id}` : String(row.id));

/**
 * `/directory/devices`: name, account, user, the presence state (live: the telephony side's
 * events change it without a reload), hotdesk, brand, model; hotdesk creation (import and export come with the list).
 */
export function DevicesList() {
  const { t } = useTranslation();
  const { can } = useSession();
  const mayCreate = can(devices.objClass, 'x');
  const cells = {
    state: (row: Row) => <DeviceStateBadge state={row.state} />,
    hotdesk: (row: Row) =>
      row.hotdesk === true ? (
        <Badge size="sm" variant="outline">
          {t('devices.hotdeskBadge')}
        </Badge>
      ) : null,
  };
  return (
    <ListScreen
      def={devices}
      title={t('devices.title')}
      cells={cells}
      live="devices"
      rowLink={rowLink}
      toolbar={
        mayCreate && (
          <Button size="xs" variant="light" component={Link} to="hotdesk/new" leftSection={<IconPlus size={14} />}>
            {t('devices.addHotdesk')}
          </Button>
        )
      }
    />
  );
}
