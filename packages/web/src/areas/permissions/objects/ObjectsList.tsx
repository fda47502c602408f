import { objclass } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../../kit/list/ListScreen';
import { useClassLabel } from './useClassLabel';

/** `/permissions/objects`: each protected class, by its translated name, with its obac and rbac switches. */
export function ObjectsList() {
  const { t } = useTranslation();
  const { label } = useClassLabel();
  return <ListScreen def={objclass} title={t('objects.title')} cells={{ class: (row) => label(String(row.class)) }} />;
}
