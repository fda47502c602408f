import { agents } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../kit/list/Cell';
import { ListScreen } from '../../../kit/list/ListScreen';
import { AgentStatusCell } from './AgentStatus';

const cells = { status: (row: Row) => <AgentStatusCell row={row} /> };

/**
 * `/contact-center/agents`: name, status with its duration (live: the telephony side's status
 * events change it without a reload), team, supervisors; the status is set from its menu.
 */
export function AgentsList() {
  const { t } = useTranslation();
  return <ListScreen def={agents} title={t('agents.title')} cells={cells} live="agents" />;
}
