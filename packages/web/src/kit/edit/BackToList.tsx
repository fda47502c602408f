import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The arrow in an editor's header that returns to its list. */
export function BackToList() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to=".." relative="path" variant="subtle" size="xs" px={6} aria-label={t('kit.backToList')}>
      <IconArrowLeft size={16} />
    </Button>
  );
}
