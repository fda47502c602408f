import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** A list's Add button: leads to the new record's editor (`to`), which comes back here after. */
export function AddLink({ to = 'new' }: { to?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Button
      size="xs"
      component={Link}
      to={to}
      state={{ back: `${location.pathname}${location.search}` }}
      leftSection={<IconPlus size={14} />}
    >
      {t('kit.add')}
    </Button>
  );
}
