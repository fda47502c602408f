import { Button } from '@mantine/core';
import {
  COGNITIVE_EDIT_ROUTE,
  cognitiveProfiles,
  EMAIL_PROFILE_EDIT_ROUTE,
  emailProfiles,
  type ResourceDef,
} from '@switchboard/model';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ListScreen } from '../../kit/list/ListScreen';

/**
 * A list whose editors live beside it under the singular name, as the spec places them
 * (`cognitive-profile/{id}` beside `cognitive-profiles`): its Add button and rows lead there.
 */
function BesideList({ def, editRoute }: { def: ResourceDef; editRoute: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const add = (
    <Button
      size="xs"
      component={Link}
      to={`${editRoute}/new`}
      state={{ back: `${location.pathname}${location.search}` }}
      leftSection={<IconPlus size={14} />}
    >
      {t('kit.add')}
    </Button>
  );
  return (
    <ListScreen def={def} title={t(`${def.name}.title`)} addControl={add} rowLink={(row) => `${editRoute}/${row.id}`} />
  );
}

/** `/integrations/cognitive-profiles`: name, provider, service, default and enabled (toggled in place). */
export function CognitiveProfilesList() {
  return <BesideList def={cognitiveProfiles} editRoute={COGNITIVE_EDIT_ROUTE} />;
}

/** `/integrations/email-profiles`: name, IMAP host, login, enabled (toggled in place), last fetch. */
export function EmailProfilesList() {
  return <BesideList def={emailProfiles} editRoute={EMAIL_PROFILE_EDIT_ROUTE} />;
}
