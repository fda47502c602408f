import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import type { Area } from '@switchboard/model';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { AREA_ICONS } from './area-icons';
import { HeaderControls } from './HeaderControls';
import { preloadScreens } from './lazy';
import { navEntryOf, visibleNavigation } from './nav';
import { MAIN_ID, SkipLink } from './SkipLink';
import { useSession } from './session';
import { useDocumentTitle } from './title';

/** Where the sidebar keeps the sections the user folded, so they stay folded after a reload. */
export const COLLAPSED_KEY = 'switchboard-nav-collapsed';

/** The admin shell: header, navigation of the readable sections, and the screen. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const [collapsed, setCollapsed] = useLocalStorage<Area[]>({
    key: COLLAPSED_KEY,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const navRef = useRef<HTMLDivElement>(null);
  const sections = visibleNavigation(user);
  const current = navEntryOf(pathname);
  const currentArea = sections.find((s) => s.entries.some((e) => e.key === current?.key))?.area;
  useDocumentTitle(
    pathname === '/start'
      ? t('nav.start')
      : pathname === '/settings'
        ? t('nav.settings')
        : current
          ? t(`nav.entries.${current.key}`)
          : undefined,
  );
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
  // Arriving at a screen of a folded section (a link, a bookmark) unfolds it, so its entry shows.
  useEffect(() => {
    if (currentArea) setCollapsed((old) => (old.includes(currentArea) ? old.filter((a) => a !== currentArea) : old));
  }, [currentArea, setCollapsed]);
  // The active entry may sit below the fold of a long navigation: bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    const active = navRef.current?.querySelector<HTMLElement>('a[data-active]');
    active?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  const isActive = (route: string) => pathname === route || pathname.startsWith(`${route}/`);
  const fold = (area: Area, open: boolean) =>
    setCollapsed((old) => (open ? old.filter((a) => a !== area) : [...old.filter((a) => a !== area), area]));

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.toggleNavigation')}
              />
              <Text component={Link} to="/start" fw={700} size="lg" c="var(--mantine-color-text)" td="none">
                {t('app.title')}
              </Text>
            </Group>
            <HeaderControls />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label={t('nav.mainNavigation')}>
          <ScrollArea type="auto" data-testid="admin-nav" viewportRef={navRef}>
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
              const open = !collapsed.includes(section.area);
              return (
                // A section's title folds it: a button that says whether it is open.
                <NavLink
                  key={section.area}
                  component="button"
                  type="button"
                  aria-expanded={open}
                  label={t(`nav.areas.${section.area}`)}
                  leftSection={<SectionIcon size={18} />}
                  opened={open}
                  onChange={(open) => fold(section.area, open)}
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
                      aria-current={isActive(entry.route) ? 'page' : undefined}
                      onClick={close}
                      data-nav={entry.key}
                    />
                  ))}
                </NavLink>
              );
            })}
          </ScrollArea>
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID} tabIndex={-1}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
