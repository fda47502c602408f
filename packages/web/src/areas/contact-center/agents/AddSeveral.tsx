import { Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { AGENT_SKILL_CAPACITY, type Ref, type RefDef } from '@switchboard/model';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { RefMultiSelect } from '../../../kit/fields/RefSelect';

type Props = {
  /** The nested list's path: several records go up as one bulk create (all or none). */
  path: string;
  /** The body field naming the chosen record (`skill` of an agent, `agent` of a skill). */
  field: 'skill' | 'agent';
  of: RefDef;
  label: string;
};

/** Adds several skills to an agent, or several agents to a skill, with one capacity, at once. */
export function AddSeveral({ path, field, of, label }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<Ref[]>([]);
  const [capacity, setCapacity] = useState<number | string>(AGENT_SKILL_CAPACITY.default);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const cap = typeof capacity === 'number' ? capacity : AGENT_SKILL_CAPACITY.default;
      await api.post(
        path,
        chosen.map((r) => ({ [field]: { id: r.id }, capacity: cap, enabled: true })),
      );
      setOpened(false);
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: [path] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconPlaylistAdd size={14} />} onClick={() => setOpened(true)}>
        {t('agentSkills.addSeveral')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('agentSkills.addSeveral')}>
        <Stack gap="sm">
          <RefMultiSelect of={of} label={label} value={chosen} onChange={setChosen} />
          <NumberInput
            label={t('fields.capacity')}
            min={AGENT_SKILL_CAPACITY.min}
            max={AGENT_SKILL_CAPACITY.max}
            value={capacity}
            onChange={setCapacity}
          />
          <Group justify="flex-end">
            <Button disabled={!chosen.length} loading={busy} onClick={() => void save()}>
              {t('kit.add')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
