import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { ImportItem } from '@switchboard/model';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../locale';

/** Percent of the current phase: bytes while checking, rows while loading; null before either. */
export function phasePercent(item: ImportItem): number | null {
  if (item.phase === 'checking') return item.bytes > 0 ? Math.min(100, (item.bytesRead / item.bytes) * 100) : 0;
  if (item.phase === 'loading')
    return item.rowsToLoad > 0 ? Math.min(100, (item.rowsLoaded / item.rowsToLoad) * 100) : 0;
  return null;
}

type Props = { item: ImportItem; cancelling: boolean; onCancel: () => void };

/** A running import: its phase, a bar of the phase's progress, its counts and a Cancel button. */
export function ImportProgress({ item, cancelling, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const percent = phasePercent(item);
  const phase = item.phase ?? 'queued';
  const n = (value: number) => formatCount(value, i18n.language);
  return (
    <Stack gap="sm" data-testid="import-progress">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t(`imports.phase.${phase}`)}
        </Text>
        <Text size="sm" c="dimmed">
          {item.fileName}
        </Text>
      </Group>
      <Progress
        size="lg"
        value={percent ?? 100}
        striped={percent === null}
        animated={percent === null}
        aria-label={t(`imports.phase.${phase}`)}
        transitionDuration={200}
      />
      <Group gap="lg">
        <Text size="sm">
          {t('imports.read')}: <b>{n(item.rowsRead)}</b>
        </Text>
        {item.mode !== 'dry' && (
          <Text size="sm">
            {t('imports.loaded')}: <b>{n(item.rowsLoaded)}</b>
          </Text>
        )}
        <Text size="sm" c={item.rowsFailed > 0 ? 'red' : undefined}>
          {t('imports.failed')}: <b>{n(item.rowsFailed)}</b>
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button size="xs" variant="default" color="red" loading={cancelling} onClick={onCancel}>
          {t('imports.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
