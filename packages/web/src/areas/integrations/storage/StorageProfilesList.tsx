import { STORAGE_TYPES, storageProfileEditPath, storageProfiles } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { AddMenu } from '../../../kit/list/AddMenu';
import { ListScreen } from '../../../kit/list/ListScreen';

/** `/integrations/storage`: every type in one list; Add offers each type's editor. */
export function StorageProfilesList() {
  const { t } = useTranslation();
  const add = (
    <AddMenu
      items={STORAGE_TYPES.map((type) => ({ to: `${type}/new`, label: t(`storageProfiles.variants.${type}`) }))}
    />
  );
  return (
    <ListScreen
      def={storageProfiles}
      title={t('storageProfiles.title')}
      addControl={add}
      rowLink={(row) => storageProfileEditPath({ id: row.id as number, type: String(row.type) })}
      cells={{ type: (row) => t(`storageProfiles.variants.${String(row.type)}`) }}
    />
  );
}
