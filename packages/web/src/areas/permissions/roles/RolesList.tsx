import { roles } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { ListScreen } from '../../../kit/list/ListScreen';
import { roleKept } from './kept';

/** `/permissions/roles`: a role the server would refuse to delete says why instead. */
export function RolesList() {
  const { t } = useTranslation();
  const { user } = useSession();
  const held = user?.roles.map((r) => r.id) ?? [];
  return (
    <ListScreen
      def={roles}
      title={t('roles.title')}
      undeletable={(row) => {
        const kept = roleKept(row, held);
        return kept ? t(`roles.kept.${kept}`) : null;
      }}
    />
  );
}
