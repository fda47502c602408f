import { resourceGroupResources, resourceGroups } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { NestedList } from '../../../kit/list/NestedList';

/**
 * `/contact-center/resource-groups/new` and `/{id}`: the generic form with its time ranges, and
 * once saved the group's resources and the permissions.
 */
export function ResourceGroupEdit() {
  const { t } = useTranslation();
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () => [
      savedTab('resources', (id) => (
        <NestedList def={resourceGroupResources} parentId={id} title={t('resourceGroups.tabs.resources')} />
      )),
    ],
    [t],
  );
  return <ResourceEdit def={resourceGroups} extraTabs={extraTabs} />;
}
