import { objclass } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';

/** `/permissions/objects`: each protected class with its obac and rbac switches. */
export function ObjectsList() {
  const { t } = useTranslation();
  return <ListScreen def={objclass} title={t('objects.title')} />;
}
