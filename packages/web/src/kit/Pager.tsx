import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { FIRST_PAGE, PAGE_SIZES } from '@switchboard/model';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = {
  page: number;
  next: boolean;
  onPage: (page: number) => void;
  /** The page size and its choice (PAGE_SIZES); without `onSize` no choice is offered. */
  size?: number;
  onSize?: (size: number) => void;
};

/** Previous and next, driven by the API's `next` marker (there is no total count). */
export function Pager({ page, next, onPage, size, onSize }: Props) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="sm" gap="xs">
      {onSize && (
        <NativeSelect
          size="xs"
          w={72}
          aria-label={t('list.pageSize')}
          data={PAGE_SIZES.map(String)}
          value={String(size)}
          onChange={(e) => onSize(Number(e.currentTarget.value))}
        />
      )}
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
