import { Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  AGENT_SET_STATUSES,
  type AgentStatus,
  agentStatusPath,
  agents,
  formatStatusDuration,
  pauseCauses,
} from '@switchboard/model';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import type { Row } from '../../../kit/list/Cell';

const COLORS: Record<AgentStatus, string> = { online: 'green', offline: 'gray', pause: 'orange', breakOut: 'red' };

/** Seconds since the row was read, added to the duration it came with: the time runs on screen. */
function useRunningSeconds(row: Row): number {
  const base = typeof row.statusDuration === 'number' ? row.statusDuration : 0;
  const key = `${String(row.status)}|${base}`;
  const [read, setRead] = useState({ key, at: Date.now() });
  // A new reading (another status or a re-read duration) restarts the count from it.
  if (read.key !== key) setRead({ key, at: Date.now() });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return base + Math.max(0, Math.floor((now - read.at) / 1000));
}

type Cause = { id: number; name: string; allowAdmin: boolean };

/**
 * An agent's status in the list: a badge (with the pause cause), the time in it (">24:00:00"
 * past a day), and for a user who may edit agents a menu setting online, offline or a pause
 * whose cause allows administrators, as the server checks it.
 */
export function AgentStatusCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const status = (row.status as AgentStatus) ?? 'offline';
  const seconds = useRunningSeconds(row);
  const mayEdit = can(agents.objClass, 'w');
  const causes = useQuery({
    queryKey: [pauseCauses.path, 'agent-status'],
    queryFn: () => api.get<{ items: Cause[] }>(pauseCauses.path, { query: { size: 100 }, silent: true }),
    enabled: mayEdit && can(pauseCauses.objClass, 'r'),
    staleTime: 30_000,
  });
  const set = async (body: { status: string; pauseCause?: { id: number } }) => {
    await api.put(agentStatusPath(row.id as number), body);
    await queryClient.invalidateQueries({ queryKey: [agents.path] });
  };
  const badge = (
    <Badge size="sm" variant="light" color={COLORS[status]} data-status={status}>
      {t(`agents.statuses.${status}`)}
      {row.statusPayload ? `: ${row.statusPayload}` : ''}
    </Badge>
  );
  return (
    <Group gap={6} wrap="nowrap">
      {mayEdit ? (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t('agents.setStatus')} data-testid={`agent-status-${row.id}`}>
              <Group gap={2} wrap="nowrap">
                {badge}
                <IconChevronDown size={12} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {AGENT_SET_STATUSES.filter((s) => s !== 'pause').map((s) => (
              <Menu.Item key={s} onClick={() => void set({ status: s })}>
                {t(`agents.statuses.${s}`)}
              </Menu.Item>
            ))}
            {(causes.data?.items ?? []).some((c) => c.allowAdmin) && <Menu.Label>{t('agents.pauseWith')}</Menu.Label>}
            {(causes.data?.items ?? [])
              .filter((c) => c.allowAdmin)
              .map((c) => (
                <Menu.Item key={c.id} onClick={() => void set({ status: 'pause', pauseCause: { id: c.id } })}>
                  {c.name}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      ) : (
        badge
      )}
      <Text size="xs" c="dimmed" ff="monospace" data-testid={`agent-duration-${row.id}`}>
        {formatStatusDuration(seconds)}
      </Text>
    </Group>
  );
}
