import { blacklistNumbers, blacklistNumbersPath } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';
import { AddNumbers } from './AddNumbers';
import { ImportNumbers } from './ImportNumbers';

/** The numbers tab of a blacklist: search by number, add and edit at `/{listId}/{id}`, add a pasted column, CSV import. */
export function BlacklistNumbers({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const path = blacklistNumbersPath(listId);
  return (
    <ListScreen
      def={blacklistNumbers}
      path={path}
      title={t('blacklists.numbers')}
      toolbar={
        <>
          <AddNumbers path={path} />
          <ImportNumbers path={path} />
        </>
      }
    />
  );
}
