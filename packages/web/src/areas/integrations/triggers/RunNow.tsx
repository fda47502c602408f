import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { nestedPath, triggerJobsPath, triggerRuns } from '@switchboard/model';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api';

/** How long after a run starts the run log is read again, to show how it ended. */
const FOLLOW_MS = [500, 1500, 4000];

/**
 * "Run now": the server starts a run at once (the trigger's variables) and answers; the run log
 * is read again a few times while the run ends. Shown only where the server allows it (the edit
 * right on the trigger, which the editor's read-only state reflects).
 */
export function RunNow({ triggerId, hidden }: { triggerId: number; hidden: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  if (hidden) return null;
  const readLog = () => queryClient.invalidateQueries({ queryKey: [nestedPath(triggerRuns, triggerId)] });
  const run = async () => {
    setRunning(true);
    try {
      await api.post(triggerJobsPath(triggerId), {});
      notifications.show({ color: 'green', message: t('triggers.ran') });
      await readLog();
      for (const ms of FOLLOW_MS) setTimeout(readLog, ms);
    } catch {
      // The shared error notification says why.
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />} loading={running} onClick={run}>
      {t('triggers.runNow')}
    </Button>
  );
}
