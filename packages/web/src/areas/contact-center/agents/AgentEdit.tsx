import { Group, Text } from '@mantine/core';
import {
  agentSkills,
  agentStates,
  agentSubordinatesPath,
  agents,
  formatStatusDuration,
  nestedPath,
  ref,
  skills,
} from '@switchboard/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import type { Row } from '../../../kit/list/Cell';
import { NestedList } from '../../../kit/list/NestedList';
import { AddSeveral } from './AddSeveral';
import { AgentPickList } from './AgentPickList';

type Aggs = { total: number; enabled: number; minCapacity: number | null; maxCapacity: number | null };

/** The skills tab: the agent's skills, their totals, and adding several at once. */
function AgentSkills({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const path = nestedPath(agentSkills, agentId);
  const aggs = useQuery({
    queryKey: [path, 'aggs'],
    queryFn: () => api.get<{ aggs: Aggs }>(path, { query: { size: 1, fields: ['id'] } }),
  });
  const a = aggs.data?.aggs;
  const of = useMemo(() => ref(() => skills), []);
  return (
    <>
      {a && (
        <Group gap="lg" mb="xs" data-testid="agent-skill-aggs">
          <Text size="sm">{t('agentSkills.aggs.total', { n: a.total })}</Text>
          <Text size="sm">{t('agentSkills.aggs.enabled', { n: a.enabled })}</Text>
          {a.minCapacity !== null && (
            <Text size="sm">{t('agentSkills.aggs.capacity', { min: a.minCapacity, max: a.maxCapacity })}</Text>
          )}
        </Group>
      )}
      <NestedList
        def={agentSkills}
        parentId={agentId}
        toolbar={<AddSeveral path={path} field="skill" of={of} label={t('fields.skill')} />}
      />
    </>
  );
}

const stateCells = (t: (key: string) => string) => ({
  from: (row: Row) => (row.from ? t(`agents.statuses.${row.from}`) : ''),
  to: (row: Row) => t(`agents.statuses.${row.to}`),
  duration: (row: Row) => (typeof row.duration === 'number' ? formatStatusDuration(row.duration) : ''),
});

/**
 * `/contact-center/agents/new` and `/{id}`: the generic form, then, once saved, the agent's
 * skills, its subordinates (when it is a supervisor), its state history and its permissions.
 */
export function AgentEdit() {
  const { t } = useTranslation();
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () => [
      savedTab('skills', (id) => <AgentSkills agentId={id} />),
      savedTab(
        'subordinates',
        (id) => (
          <AgentPickList
            testId="subordinates"
            title={t('agents.tabs.subordinates')}
            query={{ supervisorId: id }}
            candidates={ref(() => agents, { filter: { notSupervisorOf: String(id) } })}
            path={agentSubordinatesPath(id)}
          />
        ),
        { shownWhen: (values) => values.isSupervisor === true },
      ),
      savedTab('history', (id) => <NestedList def={agentStates} parentId={id} listOnly cells={stateCells(t)} />),
    ],
    [t],
  );
  return <ResourceEdit def={agents} extraTabs={extraTabs} />;
}
