import { users } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { ListScreen } from '../../../kit/list/ListScreen';
import { valueAt } from '../../../kit/path';
import { userKept } from './kept';
import { PresenceBadges } from './PresenceBadges';

const cells = { 'presence.status': (row: object) => <PresenceBadges status={valueAt(row, 'presence.status')} /> };

/**
 * `/directory/users`: name, presence, username, extension and the do-not-disturb toggle. A user
 * the server would refuse to delete (one's own, one holding more rights, the last administrator)
 * says why instead.
 */
export function UsersList() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <ListScreen
      def={users}
      title={t('users.title')}
      cells={cells}
      undeletable={(row) => {
        const kept = userKept(row, user?.userId);
        return kept ? t(`users.kept.${kept}`) : null;
      }}
    />
  );
}
