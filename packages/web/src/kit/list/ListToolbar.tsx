import { ActionIcon, Button, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddLink } from './AddLink';
import { useSearchBox } from './useSearchBox';

type Props = {
  title: string;
  /** Heading level: a list inside an editor's tab sits under the editor's heading. */
  order?: 3 | 4;
  /** The search term in the URL. */
  q: string;
  onSearch: (term: string) => void;
  onRefresh: () => void;
  /** Rows selected for a bulk delete (the button shows only with the delete right). */
  selected: number;
  onDeleteSelected?: () => void;
  /** The Add button (or its replacement); shown only with the create right. */
  add: boolean;
  addControl?: ReactNode;
  /** Screen-specific controls (import, export) beside the search box. */
  children?: ReactNode;
  /** What may be done to the selected rows besides deleting them (enable several, say). */
  selectionActions?: ReactNode;
};

/** The heading row of a list: title, screen controls, search (typed, then sent after a pause), refresh, bulk delete, add. */
export function ListToolbar({
  title,
  order = 3,
  q,
  onSearch,
  onRefresh,
  selected,
  onDeleteSelected,
  add,
  addControl,
  children,
  selectionActions,
}: Props) {
  const { t } = useTranslation();
  const { term, setTerm, submit } = useSearchBox(q, onSearch);

  return (
    // On a narrow window the controls go under the title, and onto more rows, rather than off screen.
    <Group justify="space-between" mb="sm" gap="xs">
      <Title order={order}>{title}</Title>
      <Group gap="xs" justify="flex-end" ml="auto">
        {children}
        <TextInput
          size="xs"
          w={240}
          leftSection={<IconSearch size={14} />}
          placeholder={t('kit.search')}
          aria-label={t('kit.search')}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
        />
        <Tooltip label={t('kit.refresh')}>
          <ActionIcon variant="default" size="md" aria-label={t('kit.refresh')} onClick={onRefresh}>
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
        {selectionActions}
        {onDeleteSelected && selected > 0 && (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            onClick={onDeleteSelected}
          >
            {t('kit.deleteSelected', { n: selected })}
          </Button>
        )}
        {add && (addControl ?? <AddLink />)}
      </Group>
    </Group>
  );
}
