import { List, Stack, Text } from '@mantine/core';
import { nextRunTimes } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../locale';

/** A run time as the interface language writes it, in the trigger's zone. */
export function formatRunTime(date: Date, timezone: string, lang: string): string {
  try {
    return new Intl.DateTimeFormat(localeOf(lang), {
      timeZone: timezone,
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** The next run of an expression in a zone, written out (empty when there is none). */
export function nextRun(expression: string, timezone: string, lang: string): string {
  const [next] = nextRunTimes(expression, timezone, 1);
  return next ? formatRunTime(next, timezone, lang) : '';
}

/**
 * The next five run times of the expression in the trigger's zone, read with the same code the
 * server checks the expression with; an invalid expression says so.
 */
export function NextRuns({ expression, timezone }: { expression: string; timezone: string | null }) {
  const { t, i18n } = useTranslation();
  const zone = timezone || 'UTC';
  const times = useMemo(() => nextRunTimes(expression, zone, 5), [expression, zone]);
  return (
    <Stack gap={4} aria-label={t('triggers.nextRuns', { zone })} role="group">
      <Text size="sm" fw={500}>
        {t('triggers.nextRuns', { zone })}
      </Text>
      {times.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('triggers.noNextRuns')}
        </Text>
      ) : (
        <List size="sm" spacing={2} data-testid="next-runs">
          {times.map((time) => (
            <List.Item key={time.getTime()}>{formatRunTime(time, zone, i18n.language)}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
