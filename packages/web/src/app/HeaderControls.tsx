import {
  ActionIcon,
  Avatar,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { LANGUAGES, type Language } from '@switchboard/model';
import { IconApps, IconCheck, IconLanguage, IconLogout, IconMoon, IconSettings, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { setLanguage } from '../i18n';
import { useSession } from './session';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('nav.language')}>
          <ActionIcon variant="subtle" size="lg" aria-label={t('nav.language')} data-testid="language-menu">
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang: Language) => (
          <Menu.Item
            key={lang}
            onClick={() => setLanguage(lang)}
            rightSection={i18n.language === lang ? <IconCheck size={14} /> : null}
            data-lang={lang}
          >
            {t(`settings.languages.${lang}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const label = scheme === 'dark' ? t('nav.lightTheme') : t('nav.darkTheme');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={label}
        onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
      >
        {scheme === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}

export function UserMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const name = user?.name || user?.username || '';
  const leave = async () => {
    await signOut();
    navigate('/auth', { replace: true });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu')} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="indigo">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user?.domain && <Menu.Label>{user.domain}</Menu.Label>}
        <Menu.Item component={Link} to="/" leftSection={<IconApps size={16} />}>
          {t('nav.applications')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={leave} leftSection={<IconLogout size={16} />}>
          {t('nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Language, theme and user menu, shared by the hub and the admin layout headers. */
export function HeaderControls() {
  return (
    <Group gap="xs" wrap="nowrap">
      <LanguageMenu />
      <ThemeToggle />
      <UserMenu />
    </Group>
  );
}
