import { Box, Group, Switch } from '@mantine/core';
import { agents, type Ref, ref, skills } from '@switchboard/model';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../kit/fields/RefSelect';
import type { Row } from '../../../kit/list/Cell';
import { ListScreen } from '../../../kit/list/ListScreen';
import { AgentStatusCell } from './AgentStatus';

const cells = { status: (row: Row) => <AgentStatusCell row={row} /> };

/**
 * `/contact-center/agents`: name, status with its duration (live: the telephony side's status
 * events change it without a reload), team, supervisors; the status is set from its menu. Besides
 * the team filter, agents holding a skill and supervisors only.
 */
export function AgentsList() {
  const { t } = useTranslation();
  const [skill, setSkill] = useState<Ref | null>(null);
  const [supervisors, setSupervisors] = useState(false);
  const of = useMemo(() => ref(() => skills), []);
  const query = useMemo(
    () => ({ skill: skill?.id, isSupervisor: supervisors ? true : undefined }),
    [skill, supervisors],
  );
  return (
    <ListScreen
      def={agents}
      title={t('agents.title')}
      cells={cells}
      live="agents"
      query={query}
      toolbar={
        <Group gap="sm" wrap="nowrap" align="flex-end">
          <Box w={200}>
            <RefSelect of={of} label={t('agents.filters.skill')} value={skill} onChange={setSkill} />
          </Box>
          <Switch
            label={t('agents.filters.isSupervisor')}
            checked={supervisors}
            onChange={(e) => setSupervisors(e.currentTarget.checked)}
          />
        </Group>
      }
    />
  );
}
