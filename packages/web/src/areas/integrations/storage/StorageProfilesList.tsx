import { Button, Menu } from '@mantine/core';
import { STORAGE_TYPES, storageProfileEditPath, storageProfiles } from '@switchboard/model';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListScreen } from '../../../kit/list/ListScreen';

/** `/integrations/storage`: every type in one list; Add offers each type's editor. */
export function StorageProfilesList() {
  const { t } = useTranslation();
  const add = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" leftSection={<IconPlus size={14} />} rightSection={<IconChevronDown size={14} />}>
          {t('kit.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {STORAGE_TYPES.map((type) => (
          <Menu.Item key={type} component={Link} to={`${type}/new`}>
            {t(`storageProfiles.variants.${type}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
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
