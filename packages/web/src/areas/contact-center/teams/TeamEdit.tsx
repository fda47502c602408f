import { agents, ref, teamMembersPath, teams } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { AgentPickList } from '../agents/AgentPickList';

/**
 * `/contact-center/teams/new` and `/{id}`: the generic form, then its members once saved. Adding
 * an agent of another team moves it here (the server sets its team in one transaction);
 * removing one leaves it without a team until it is given another.
 */
export function TeamEdit() {
  const { t } = useTranslation();
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () => [
      savedTab('members', (id) => (
        <AgentPickList
          testId="team-members"
          title={t('teams.tabs.members')}
          query={{ team: id }}
          candidates={ref(() => agents, { filter: { notTeamId: String(id) } })}
          path={teamMembersPath(id)}
        />
      )),
    ],
    [t],
  );
  return <ResourceEdit def={teams} extraTabs={extraTabs} />;
}
