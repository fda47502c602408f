import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from './EntryView';
import { entrySentence } from './sentence';

/**
 * A log row's record: its id and name, and under them what a bulk change did (sentence.ts), as
 * such an entry's states hold no name of their own.
 */
export function EntryRecord({ entry }: { entry: LogEntry }) {
  const { t, i18n } = useTranslation();
  const sentence = entrySentence(t, i18n.language, entry);
  return (
    <>
      {entry.recordId !== null ? `#${entry.recordId}` : ''} {entry.record ?? ''}
      {sentence !== null && (
        <Text size="xs" c="dimmed" data-testid="row-sentence">
          {sentence}
        </Text>
      )}
    </>
  );
}
