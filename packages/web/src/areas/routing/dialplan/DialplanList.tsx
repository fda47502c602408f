import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DIALPLAN_NUMBER_MAX_LENGTH, dialplan } from '@switchboard/model';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';
import { ListScreen } from '../../../kit/list/ListScreen';
import { SortableBody, SortableRow } from '../../../kit/list/SortableRows';

type Match = { item: { id: number; name: string; pattern: string; position: number } | null };

/** Which rule a dialled number would take: the server answers the first enabled match by position. */
function Tester({ onMatch }: { onMatch: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [result, setResult] = useState<Match | null>(null);
  const [busy, setBusy] = useState(false);
  const test = async () => {
    if (!number.trim()) return;
    setBusy(true);
    try {
      const found = await api.get<Match>(`${dialplan.path}/match`, { query: { number: number.trim() } });
      setResult(found);
      onMatch(found.item?.id ?? null);
    } catch {
      setResult(null);
      onMatch(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm" mt="md" data-testid="dialplan-tester">
      <Group gap="xs" align="flex-end">
        <TextInput
          size="xs"
          w={240}
          label={t('dialplan.tester.number')}
          maxLength={DIALPLAN_NUMBER_MAX_LENGTH}
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') test();
          }}
        />
        <Button size="xs" leftSection={<IconPlayerPlay size={14} />} loading={busy} onClick={test}>
          {t('dialplan.tester.test')}
        </Button>
        {result && (
          <Text size="sm" data-testid="dialplan-match">
            {result.item
              ? t('dialplan.tester.matched', {
                  position: result.item.position,
                  name: result.item.name,
                  pattern: result.item.pattern,
                })
              : t('dialplan.tester.none')}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

/** `/routing/dialplan`: rules in position order; drag a row onto another's place to move it. */
export function DialplanList() {
  const { t } = useTranslation();
  const [matched, setMatched] = useState<number | null>(null);
  const reorder = {
    Body: SortableBody,
    Row: SortableRow,
    onMove: async (fromId: number, toId: number) => {
      await api.patch(`${dialplan.path}/${fromId}/to/${toId}`, {});
      notifications.show({ color: 'green', message: t('common.saved') });
    },
  };
  return (
    <ListScreen
      def={dialplan}
      title={t('dialplan.title')}
      reorder={reorder}
      highlight={matched}
      footer={<Tester onMatch={setMatched} />}
    />
  );
}
