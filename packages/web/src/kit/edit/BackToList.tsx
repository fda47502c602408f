import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/**
 * Where an editor's way back leads: the list exactly as it was when a row or Add opened the editor
 * (its page, sort, search, filters, and the tab of a parent editor), else the list's plain route.
 */
export function useBackTo(): string {
  const state: unknown = useLocation().state;
  const back = state && typeof state === 'object' && 'back' in state ? state.back : undefined;
  return typeof back === 'string' && back.startsWith('/') ? back : '..';
}

/** The arrow in an editor's header that returns to its list. */
export function BackToList() {
  const { t } = useTranslation();
  const to = useBackTo();
  return (
    <Button component={Link} to={to} relative="path" variant="subtle" size="xs" px={6} aria-label={t('kit.backToList')}>
      <IconArrowLeft size={16} />
    </Button>
  );
}
