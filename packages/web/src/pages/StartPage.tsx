import { Anchor, Grid, NavLink, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AREA_ICONS } from '../app/area-icons';
import { visibleNavigation } from '../app/nav';
import { useSession } from '../app/session';

/** `/start`: the sections the user may read with their icons, then the chosen section's screens. */
export default function StartPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const sections = visibleNavigation(user);
  const chosen = sections.find((s) => s.area === params.get('section')) ?? sections[0];

  if (!chosen) return <Text c="dimmed">{t('pages.start.empty')}</Text>;
  return (
    <Stack gap="lg">
      <Title order={2}>{t('pages.start.title')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
          <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('pages.start.chooseSection')}>
            {sections.map((section) => {
              const SectionIcon = AREA_ICONS[section.area];
              return (
                <NavLink
                  key={section.area}
                  label={t(`nav.areas.${section.area}`)}
                  leftSection={<SectionIcon size={20} />}
                  rightSection={<IconChevronRight size={14} />}
                  active={section.area === chosen.area}
                  onClick={() => setParams({ section: section.area }, { replace: true })}
                  data-section={section.area}
                />
              );
            })}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
          <Title order={3} mb="sm">
            {t(`nav.areas.${chosen.area}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} data-testid="start-links">
            {chosen.entries.map((entry) => (
              <Paper key={entry.key} withBorder radius="md" p="md">
                <Anchor component={Link} to={entry.route} fw={500} data-nav={entry.key}>
                  {t(`nav.entries.${entry.key}`)}
                </Anchor>
              </Paper>
            ))}
          </SimpleGrid>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
