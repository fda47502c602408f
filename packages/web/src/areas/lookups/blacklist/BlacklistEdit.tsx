import { blacklists } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';
import { ResourceEdit } from '../../../kit/edit/ResourceEdit';
import { BlacklistNumbers } from './BlacklistNumbers';

/** `/lookups/blacklist/new` and `/{id}`: the generic form plus the list's numbers once saved. */
export function BlacklistEdit() {
  const { t } = useTranslation();
  const extraTabs = useMemo<EditTab<FormValues>[]>(
    () => [savedTab('numbers', (id) => <BlacklistNumbers listId={id} />, { label: t('blacklists.numbers') })],
    [t],
  );
  return <ResourceEdit def={blacklists} extraTabs={extraTabs} />;
}
