import { ActionIcon, Group, Text } from '@mantine/core';
import { FIRST_PAGE } from '@switchboard/model';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { page: number; next: boolean; onPage: (page: number) => void };

/** Previous and next, driven by the API's `next` marker (there is no total count). */
export function Pager({ page, next, onPage }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="sm" gap="xs">
      <ActionIcon
        variant="default"
        aria-label={t('kit.previousPage')}
        disabled={page <= FIRST_PAGE}
        onClick={() => onPage(page - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text size="sm" aria-live="polite">
        {t('kit.page', { page })}
      </Text>
      <ActionIcon variant="default" aria-label={t('kit.nextPage')} disabled={!next} onClick={() => onPage(page + 1)}>
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
