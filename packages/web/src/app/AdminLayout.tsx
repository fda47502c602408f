import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { AREA_ICONS } from './area-icons';
import { HeaderControls } from './HeaderControls';
import { preloadScreens } from './lazy';
import { visibleNavigation } from './nav';
import { useSession } from './session';

/** The admin shell: header, navigation of the readable sections, and the screen. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const sections = visibleNavigation(user);
  useEffect(() => {
    // Once the layout shows, fetch the area screens while the user reads, so a click finds them ready.
    const warm = () => {
      import('./AreaScreens').then(preloadScreens, () => {});
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(warm, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(warm, 500);
    return () => window.clearTimeout(id);
  }, []);
  const isActive = (route: string) => pathname === route || pathname.startsWith(`${route}/`);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggleNavigation')} />
            <Text component={Link} to="/start" fw={700} size="lg" c="var(--mantine-color-text)" td="none">
              {t('app.title')}
            </Text>
          </Group>
          <HeaderControls />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.mainNavigation')}>
        <ScrollArea type="auto" data-testid="admin-nav">
          <NavLink
            component={Link}
            to="/start"
            label={t('nav.start')}
            leftSection={<IconLayoutGrid size={18} />}
            active={pathname === '/start'}
            onClick={close}
          />
          {sections.map((section) => {
            const SectionIcon = AREA_ICONS[section.area];
            return (
              <NavLink
                key={section.area}
                label={t(`nav.areas.${section.area}`)}
                leftSection={<SectionIcon size={18} />}
                defaultOpened
                childrenOffset={28}
                data-area={section.area}
              >
                {section.entries.map((entry) => (
                  <NavLink
                    key={entry.key}
                    component={Link}
                    to={entry.route}
                    label={t(`nav.entries.${entry.key}`)}
                    active={isActive(entry.route)}
                    onClick={close}
                    data-nav={entry.key}
                  />
                ))}
              </NavLink>
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
