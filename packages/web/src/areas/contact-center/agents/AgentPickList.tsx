import { ActionIcon, Anchor, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { agents, type Ref, type RefDef } from '@switchboard/model';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../app/api';
import { useSession } from '../../../app/session';
import { RefMultiSelect } from '../../../kit/fields/RefSelect';

type AgentRow = { id: number; name: string; team: Ref | null; status: string };

type Props = {
  title: string;
  /** The agents list filter naming the ones shown (`{team: 5}`, `{supervisorId: 7}`). */
  query: Record<string, string | number>;
  /** Agents that may be added (the list's path with the filter leaving the shown ones out). */
  candidates: RefDef;
  /** The tie's path: PUT `{path}/{agentId}` adds an agent, DELETE removes it. */
  path: string;
  testId: string;
};

/**
 * Agents tied to a record by one of their own fields (a team's members, a supervisor's
 * subordinates): listed, added several at a time, removed one by one. Each change is the
 * server's: it edits the agent.
 */
export function AgentPickList({ title, query, candidates, path, testId }: Props) {
  const { t } = useTranslation();
  // The user may change them with the agents' edit right (the server checks it on each agent).
  const mayChange = useSession().can(agents.objClass, 'w');
  const add = (agentId: number) => api.put(`${path}/${agentId}`, {});
  const remove = (agentId: number) => api.delete(`${path}/${agentId}`);
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Ref[]>([]);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: [agents.path, 'picked', query],
    queryFn: () =>
      api.get<{ items: AgentRow[] }>(agents.path, {
        query: { ...query, size: 1000, fields: ['id', 'name', 'team', 'status'] },
      }),
  });
  const readAgain = () => queryClient.invalidateQueries({ queryKey: [agents.path] });
  const addChosen = async () => {
    setBusy(true);
    try {
      for (const a of chosen) await add(a.id);
      setChosen([]);
    } finally {
      setBusy(false);
      await readAgain();
    }
  };
  const items = list.data?.items ?? [];
  return (
    <Stack gap="sm" data-testid={testId}>
      <Title order={4}>{title}</Title>
      {mayChange && (
        <Group align="flex-end" gap="xs">
          <Box w={420}>
            <RefMultiSelect
              of={candidates}
              label={t('agents.pick')}
              value={chosen}
              onChange={setChosen}
              placeholder={t('agents.pickPlaceholder')}
            />
          </Box>
          <Button
            size="sm"
            leftSection={<IconPlus size={14} />}
            disabled={!chosen.length}
            loading={busy}
            onClick={() => void addChosen()}
          >
            {t('kit.add')}
          </Button>
        </Group>
      )}
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('agents.noneHere')}
        </Text>
      ) : (
        <Table striped withTableBorder maw={880}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.team')}</Table.Th>
              <Table.Th>{t('fields.status')}</Table.Th>
              {mayChange && <Table.Th w={48} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/contact-center/agents/${a.id}`} size="sm">
                    {a.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.team?.name ?? ''}</Table.Td>
                <Table.Td>{t(`agents.statuses.${a.status}`)}</Table.Td>
                {mayChange && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('agents.removeOne', { name: a.name })}
                      onClick={() => void remove(a.id).finally(readAgain)}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
