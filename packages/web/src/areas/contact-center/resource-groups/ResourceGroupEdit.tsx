import { resourceGroupResources, resourceGroups } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditTab, FormValues } from '../../../kit/edit/form';
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
      {
        key: 'resources',
        label: t('resourceGroups.tabs.resources'),
        savedOnly: true,
        render: (form) =>
          form.id === null ? null : (
            <NestedList def={resourceGroupResources} parentId={form.id} title={t('resourceGroups.tabs.resources')} />
          ),
      },
    ],
    [t],
  );
  return <ResourceEdit def={resourceGroups} extraTabs={extraTabs} />;
}
