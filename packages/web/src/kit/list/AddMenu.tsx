import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type AddMenuItem = { to: string; label: string };

/** The Add button of a list whose records come in kinds: a menu of each kind's new editor. */
export function AddMenu({ items }: { items: readonly AddMenuItem[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" leftSection={<IconPlus size={14} />} rightSection={<IconChevronDown size={14} />}>
          {t('kit.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
