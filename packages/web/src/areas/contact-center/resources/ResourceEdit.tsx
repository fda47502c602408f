import { resourceDisplays, resources } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit as GenericEdit } from '../../../kit/edit/ResourceEdit';
import { NestedList } from '../../../kit/list/NestedList';
import { ResourceParameters } from './ResourceParameters';

/**
 * `/contact-center/resources/new` and `/{id}`: the generic form, the call parameters, and once
 * saved the display numbers (added one by one or imported from a CSV file) and the permissions.
 */
export function ResourceEdit() {
  const { t } = useTranslation();
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () => [
      {
        key: 'parameters',
        fields: ['parameters'],
        render: (form) => <ResourceParameters form={form} />,
      },
      savedTab('numbers', (id) => (
        <NestedList def={resourceDisplays} parentId={id} title={t('resources.tabs.numbers')} />
      )),
    ],
    [t],
  );
  return <GenericEdit def={resources} extraTabs={extraTabs} />;
}
