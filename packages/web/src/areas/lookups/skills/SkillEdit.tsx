import { agents, nestedPath, ref, skillAgents, skills } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { NestedList } from '../../../kit/list/NestedList';
import { AddSeveral } from '../../contact-center/agents/AddSeveral';

/** `/lookups/skills/new` and `/{id}`: the generic form, then the agents holding the skill. */
export function SkillEdit() {
  const { t } = useTranslation();
  const { can } = useSession();
  const mayReadAgents = can(agents.objClass, 'r');
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () =>
      mayReadAgents
        ? [
            savedTab(
              'agents',
              (id) => (
                <NestedList
                  def={skillAgents}
                  parentId={id}
                  toolbar={
                    <AddSeveral
                      path={nestedPath(skillAgents, id)}
                      field="agent"
                      of={ref(() => agents, { filter: { notSkillId: String(id) } })}
                      label={t('fields.agent')}
                    />
                  }
                />
              ),
              { label: t('skillAgents.title') },
            ),
          ]
        : [],
    [t, mayReadAgents],
  );
  return <ResourceEdit def={skills} extraTabs={extraTabs} />;
}
