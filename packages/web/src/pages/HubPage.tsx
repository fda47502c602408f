import { Anchor, Box, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { APPLICATIONS, type Application, type UserInfo } from '@switchboard/model';
import {
  IconChartBar,
  IconClipboardCheck,
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconUserCheck,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig } from '../app/config';
import { HeaderControls } from '../app/HeaderControls';
import { MAIN_ID, SkipLink } from '../app/SkipLink';
import { useSession } from '../app/session';
import { useDocumentTitle } from '../app/title';

const APP_ICONS: Record<Application, TablerIcon> = {
  admin: IconLayoutDashboard,
  agent: IconHeadset,
  supervisor: IconUserCheck,
  audit: IconClipboardCheck,
  history: IconHistory,
  grafana: IconChartBar,
};

/** Applications the user's roles open: access allow (2) or manage (3). */
export function allowedApplications(user: UserInfo | null): Application[] {
  return APPLICATIONS.filter((app) => (user?.access?.[app]?.access ?? 1) >= 2);
}

/** The variable that sets an application's link on the server (README, Configuration). */
const urlVariable = (app: Application) => `APP_${app.toUpperCase()}_URL`;

function AppCard({ app, href }: { app: Application; href: string | undefined }) {
  const { t } = useTranslation();
  const AppIcon = APP_ICONS[app];
  // Links inside the console go through the router; other applications are plain links.
  const internal = href?.startsWith('/') && !href.startsWith('//') && app === 'admin';
  const body = (
    <Group wrap="nowrap" align="flex-start">
      <ThemeIcon size={48} radius="md" variant="light" color={href ? undefined : 'gray'}>
        <AppIcon size={28} />
      </ThemeIcon>
      <Box>
        <Text fw={600} size="lg">
          {t(`hub.apps.${app}`)}
        </Text>
        <Text c="dimmed" size="sm">
          {t(`hub.descriptions.${app}`)}
        </Text>
        {!href && (
          <Text size="sm" mt={4} data-testid="not-configured">
            {t('hub.notConfigured', { variable: urlVariable(app) })}
          </Text>
        )}
      </Box>
    </Group>
  );
  const label = t(`hub.apps.${app}`);
  // Not installed here: shown so the user knows it exists, but no link that would end in a 404.
  if (!href)
    return (
      <Card
        withBorder
        radius="lg"
        padding="lg"
        data-app={app}
        aria-disabled="true"
        bg="var(--mantine-color-default-hover)"
      >
        {body}
      </Card>
    );
  return internal ? (
    <Card withBorder radius="lg" padding="lg" component={Link} to={href} data-app={app} aria-label={label}>
      {body}
    </Card>
  ) : (
    <Card withBorder radius="lg" padding="lg" component="a" href={href} data-app={app} aria-label={label}>
      {body}
    </Card>
  );
}

/** `/`: the application hub. */
export default function HubPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const config = useAppConfig();
  const apps = allowedApplications(user);
  useDocumentTitle(t('hub.title'));
  return (
    <Box mih="100vh">
      <SkipLink />
      <Group
        component="header"
        justify="space-between"
        px="md"
        h={56}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Anchor component={Link} to="/" fw={700} size="lg" c="var(--mantine-color-text)" underline="never">
          {t('app.title')}
        </Anchor>
        <HeaderControls />
      </Group>
      <Container size="md" py="xl" component="main" id={MAIN_ID} tabIndex={-1}>
        <Title order={1} mb="lg">
          {t('hub.title')}
        </Title>
        {apps.length === 0 ? (
          <Text c="dimmed">{t('hub.none')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {apps.map((app) => (
              <AppCard key={app} app={app} href={config.apps[app]} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}
