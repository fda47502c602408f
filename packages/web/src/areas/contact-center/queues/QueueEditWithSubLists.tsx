import { queueSubLists, queues } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditTab, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { queueSubListTabs } from './sub-list-tabs';

/**
 * Stand-in for the queue editor until its own lands (another branch builds it): the generic form
 * with the sub-list tabs of the queue's type. The real editor spreads `queueSubListTabs(t, type)`.
 */
export function QueueEditWithSubLists() {
  const { t } = useTranslation();
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    // Type 3 has every sub-list; each shows while the form's type has it.
    () =>
      queueSubListTabs(t, 3).map((tab) => ({
        ...tab,
        shownWhen: (values: FormValues) => queueSubLists(Number(values.type)).some((k) => k === tab.key),
      })),
    [t],
  );
  return <ResourceEdit def={queues} extraTabs={extraTabs} />;
}
