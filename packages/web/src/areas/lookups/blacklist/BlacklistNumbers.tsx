import { blacklistNumbers, blacklistNumbersPath } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';
import { ImportNumbers } from './ImportNumbers';

/** The numbers tab of a blacklist: search by number, add and edit at `/{listId}/{id}`, CSV import. */
export function BlacklistNumbers({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const path = blacklistNumbersPath(listId);
  return (
    <ListScreen
      def={blacklistNumbers}
      path={path}
      title={t('blacklists.numbers')}
      toolbar={<ImportNumbers path={path} />}
    />
  );
}
