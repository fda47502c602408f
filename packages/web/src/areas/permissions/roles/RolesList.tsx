import { roles } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';

/** `/permissions/roles`. */
export function RolesList() {
  const { t } = useTranslation();
  return <ListScreen def={roles} title={t('roles.title')} />;
}
