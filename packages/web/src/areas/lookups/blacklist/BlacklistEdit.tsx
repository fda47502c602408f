import { blacklists } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditTab, FormValues } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { BlacklistNumbers } from './BlacklistNumbers';

/** `/lookups/blacklist/new` and `/{id}`: the generic form plus the list's numbers once saved. */
export function BlacklistEdit() {
  const { t } = useTranslation();
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () => [
      {
        key: 'numbers',
        label: t('blacklists.numbers'),
        savedOnly: true,
        render: (form) => (form.id === null ? null : <BlacklistNumbers listId={form.id} />),
      },
    ],
    [t],
  );
  return <ResourceEdit def={blacklists} extraTabs={extraTabs} />;
}
