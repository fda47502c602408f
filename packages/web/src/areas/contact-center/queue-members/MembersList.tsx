import { Anchor, Breadcrumbs, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { guardingRight, nestedPath, queueMembers } from '@switchboard/model';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { ConfirmDialog } from '../../../kit/ConfirmDialog';
import { ListScreen } from '../../../kit/list/ListScreen';
import { NO_FILTERS, useListState } from '../../../kit/list/useListState';

type Pending = 'delete' | 'reset' | null;

/**
 * `/contact-center/queues/{queueId}/members`: the queue's members with their filters in the URL
 * (created from the first of the previous month to today unless changed), export of what the
 * filter shows, delete of everything the filter shows (every member only when asked in so many
 * words) and reset of failed members, each confirmed and answered with how many.
 */
export function MembersList() {
  const { t } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const queueId = Number(useParams().parentId);
  const path = nestedPath(queueMembers, queueId);
  const state = useListState(queueMembers.defaultSort, { filters: queueMembers.filters ?? NO_FILTERS });
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const queue = useQuery({
    queryKey: ['/call_center/queues', queueId, 'name'],
    queryFn: () => api.get<{ name: string }>(`/call_center/queues/${queueId}`),
  });
  const guard = guardingRight(queueMembers, 'w');
  const mayChange = can(guard.objClass, guard.right);

  // What the list shows: its search and filters, never its page.
  const { page: _p, size: _s, sort: _o, ...filter } = state.query;
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== '');

  const run = async () => {
    setBusy(true);
    try {
      if (pending === 'delete') {
        const query = filtered ? filter : { all: 'true' };
        const res = await api.delete<{ count: number }>(path, { query });
        notifications.show({ color: 'green', message: t('queueMembers.deleted', { n: res.count }) });
      } else if (pending === 'reset') {
        const res = await api.patch<{ count: number }>(`${path}/reset`, {});
        notifications.show({ color: 'green', message: t('queueMembers.resetDone', { n: res.count }) });
      }
      await queryClient.invalidateQueries({ queryKey: [path] });
    } catch {
      // The API layer has told the user.
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const toolbar = mayChange && (
    <>
      <Button size="xs" variant="light" leftSection={<IconRestore size={14} />} onClick={() => setPending('reset')}>
        {t('queueMembers.reset')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrashX size={14} />}
        onClick={() => setPending('delete')}
      >
        {t('queueMembers.deleteFiltered')}
      </Button>
    </>
  );

  return (
    <Stack gap="sm">
      <Breadcrumbs>
        <Anchor component={Link} to="/contact-center/queues" size="sm">
          {t('queueMembers.queues')}
        </Anchor>
        <Anchor component={Link} to={`/contact-center/queues/${queueId}`} size="sm">
          {queue.data?.name ?? `#${queueId}`}
        </Anchor>
      </Breadcrumbs>
      <ListScreen
        def={queueMembers}
        title={t('queueMembers.titleOf', { name: queue.data?.name ?? `#${queueId}` })}
        path={path}
        parentId={queueId}
        toolbar={toolbar}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={pending === 'reset' ? t('queueMembers.reset') : t('queueMembers.deleteFiltered')}
        message={
          pending === 'reset'
            ? t('queueMembers.resetConfirm')
            : filtered
              ? t('queueMembers.deleteFilteredConfirm')
              : t('queueMembers.deleteAllConfirm')
        }
        confirmLabel={
          pending === 'reset'
            ? t('queueMembers.reset')
            : filtered
              ? t('queueMembers.deleteFiltered')
              : t('queueMembers.deleteAll')
        }
        danger={pending === 'delete'}
        busy={busy}
        onConfirm={run}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
