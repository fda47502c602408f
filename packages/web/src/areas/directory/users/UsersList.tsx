import { users } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';
import { valueAt } from '../../../kit/path';
import { PresenceBadges } from './PresenceBadges';

const cells = { 'presence.status': (row: object) => <PresenceBadges status={valueAt(row, 'presence.status')} /> };

/** `/directory/users`: name, presence, username, extension and the do-not-disturb toggle. */
export function UsersList() {
  const { t } = useTranslation();
  return <ListScreen def={users} title={t('users.title')} cells={cells} />;
}
