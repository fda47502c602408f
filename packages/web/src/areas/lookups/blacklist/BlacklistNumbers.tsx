import { blacklistNumbers, nestedPath } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { NestedList } from '../../../kit/list/NestedList';
import { AddNumbers } from './AddNumbers';

/** The numbers tab of a blacklist: the generic nested list, plus adding a pasted column (CSV import comes with the list). */
export function BlacklistNumbers({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const path = nestedPath(blacklistNumbers, listId);
  return (
    <NestedList
      def={blacklistNumbers}
      parentId={listId}
      title={t('blacklists.numbers')}
      toolbar={<AddNumbers path={path} />}
    />
  );
}
