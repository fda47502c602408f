import {
  COGNITIVE_EDIT_ROUTE,
  cognitiveProfiles,
  EMAIL_PROFILE_EDIT_ROUTE,
  emailProfiles,
  type ResourceDef,
} from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { AddLink } from '../../kit/list/AddLink';
import { ListScreen } from '../../kit/list/ListScreen';

/**
 * A list whose editors live beside it under the singular name, as the spec places them
 * (`cognitive-profile/{id}` beside `cognitive-profiles`): its Add button and rows lead there.
 */
function BesideList({ def, editRoute }: { def: ResourceDef; editRoute: string }) {
  const { t } = useTranslation();
  return (
    <ListScreen
      def={def}
      title={t(`${def.name}.title`)}
      addControl={<AddLink to={`${editRoute}/new`} />}
      rowLink={(row) => `${editRoute}/${row.id}`}
    />
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
