import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { type EditTab, type FormValues, savedTab } from '../../../kit/edit/form';

/**
 * The queue editor's members tab, once the queue is saved: how many members wait, and the way to
 * the members list (`queues/{id}/members`, with its filters, bulk delete, reset and export).
 */
export function queueMembersTabs(t: TFunction, _type: number): EditTab<FormValues>[] {
  return [
    savedTab(
      'members',
      (_id, form) => (
        <Stack gap="sm" maw={880}>
          <Text size="sm" data-testid="queue-members-waiting">
            {t('queueMembers.waiting', { n: Number(form.item?.waiting ?? 0) })}
          </Text>
          <Group>
            <Button component={Link} to="members" size="xs" leftSection={<IconUsers size={14} />}>
              {t('queueMembers.open')}
            </Button>
          </Group>
        </Stack>
      ),
      { label: t('queueMembers.tab') },
    ),
  ];
}
