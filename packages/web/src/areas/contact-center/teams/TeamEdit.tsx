import { agents, ref, teamMembersPath, teams } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import type { EditTab, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { AgentPickList } from '../agents/AgentPickList';

/**
 * `/contact-center/teams/new` and `/{id}`: the generic form, then its members once saved. Adding
 * an agent of another team moves it here (the server sets its team in one transaction);
 * removing one leaves it without a team until it is given another.
 */
export function TeamEdit() {
  const { t } = useTranslation();
  const { can } = useSession();
  const mayEdit = can(agents.objClass, 'w');
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () => [
      {
        key: 'members',
        label: t('teams.tabs.members'),
        savedOnly: true,
        render: (form) =>
          form.id === null ? null : (
            <AgentPickList
              testId="team-members"
              title={t('teams.tabs.members')}
              query={{ team: form.id }}
              candidates={ref(() => agents, { filter: { notTeamId: String(form.id) } })}
              add={(agentId) => api.put(`${teamMembersPath(form.id as number)}/${agentId}`, {})}
              remove={(agentId) => api.delete(`${teamMembersPath(form.id as number)}/${agentId}`)}
              mayChange={mayEdit}
            />
          ),
      },
    ],
    [t, mayEdit],
  );
  return <ResourceEdit def={teams} extraTabs={extraTabs} />;
}
