import { Button } from '@mantine/core';
import { COGNITIVE_EDIT_ROUTE, cognitiveProfiles } from '@switchboard/model';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ListScreen } from '../../../kit/list/ListScreen';

/** `/integrations/cognitive-profiles`: the editors live beside it, at `cognitive-profile/{id}`. */
export function CognitiveProfilesList() {
  const { t } = useTranslation();
  const location = useLocation();
  const add = (
    <Button
      size="xs"
      component={Link}
      to={`${COGNITIVE_EDIT_ROUTE}/new`}
      state={{ back: `${location.pathname}${location.search}` }}
      leftSection={<IconPlus size={14} />}
    >
      {t('kit.add')}
    </Button>
  );
  return (
    <ListScreen
      def={cognitiveProfiles}
      title={t('cognitiveProfiles.title')}
      addControl={add}
      rowLink={(row) => `${COGNITIVE_EDIT_ROUTE}/${row.id}`}
    />
  );
}
