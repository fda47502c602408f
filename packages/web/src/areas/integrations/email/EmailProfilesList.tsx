import { Button } from '@mantine/core';
import { emailProfiles } from '@switchboard/model';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ListScreen } from '../../../kit/list/ListScreen';

/** The editors live at `/integrations/email-profile/{new|id}` (spec part 2 section 2). */
export const EMAIL_PROFILE_EDITOR = '/integrations/email-profile';

/** `/integrations/email-profiles`: name, IMAP host, login, enabled (toggled in place), last fetch. */
export function EmailProfilesList() {
  const { t } = useTranslation();
  const location = useLocation();
  const add = (
    <Button
      size="xs"
      component={Link}
      to={`${EMAIL_PROFILE_EDITOR}/new`}
      state={{ back: `${location.pathname}${location.search}` }}
      leftSection={<IconPlus size={14} />}
    >
      {t('kit.add')}
    </Button>
  );
  return (
    <ListScreen
      def={emailProfiles}
      title={t('emailProfiles.title')}
      addControl={add}
      rowLink={(row) => `${EMAIL_PROFILE_EDITOR}/${row.id}`}
    />
  );
}
