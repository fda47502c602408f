import { Group, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../locale';
import { Dialog } from '../Dialog';
import { fieldKey } from '../path';
import { stateDiff, valueText } from './diff';
import { entrySentence } from './sentence';

/** A change-log entry as the log lists it. */
export type LogEntry = {
  id: number;
  action: string;
  object: string;
  recordId: number | null;
  record?: string | null;
  date: string;
  user: { id: number; name: string } | null;
  userIp: string;
  newState: unknown;
  oldState: unknown;
};

/** An entry's action in words (`Update`), or as the log has it when the console has no word for it. */
export const actionWord = (t: TFunction, entry: Pick<LogEntry, 'action'>) =>
  t(`changelogs.actions.${entry.action}`, { defaultValue: entry.action });

/** The kind of record an entry is about in words (`Devices`), or as the log has it. */
export const objectWord = (t: TFunction, entry: Pick<LogEntry, 'object'>) =>
  t(`changelogs.objects.${entry.object}`, { defaultValue: entry.object });

/**
 * One entry opened: who, when and from where, then the record's fields. An update shows the fields
 * that changed, before and after side by side; a create or a delete the whole record. An entry a
 * sentence says better (a bulk change on its parent, an agent joining a team) shows the sentence.
 */
export function EntryView({ entry, onClose }: { entry: LogEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // A field the console names elsewhere is named the same here; others by their path.
  const fieldLabel = (path: string) => (i18n.exists(fieldKey(path)) ? t(fieldKey(path)) : path);
  const sentence = entry ? entrySentence(t, i18n.language, entry) : null;
  const rows = entry && sentence === null ? stateDiff(entry.oldState, entry.newState) : [];
  const update = entry !== null && entry.oldState != null && entry.newState != null;
  const only = entry?.newState == null ? 'before' : 'after';
  return (
    <Dialog opened={entry !== null} onClose={onClose} title={t('changelogs.entry')} size="xl">
      {entry && (
        <Stack gap="sm">
          <Group gap="md" data-testid="entry-summary">
            <Text size="sm">
              <b>{actionWord(t, entry)}</b> {objectWord(t, entry)}
              {entry.recordId !== null ? ` #${entry.recordId}` : ''}
              {entry.record ? ` ${entry.record}` : ''}
            </Text>
            <Text size="sm">{formatDateTime(entry.date, i18n.language)}</Text>
            <Text size="sm">{entry.user?.name ?? ''}</Text>
            <Text size="sm">{entry.userIp}</Text>
          </Group>
          {sentence !== null ? (
            <Text size="sm" data-testid="entry-sentence">
              {sentence}
            </Text>
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('changelogs.noFields')}
            </Text>
          ) : (
            <Table withTableBorder striped fz="sm" verticalSpacing={4} data-testid="entry-fields">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('changelogs.field')}</Table.Th>
                  {update ? (
                    <>
                      <Table.Th>{t('changelogs.before')}</Table.Th>
                      <Table.Th>{t('changelogs.after')}</Table.Th>
                    </>
                  ) : (
                    <Table.Th>{t('changelogs.value')}</Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.path} data-path={row.path}>
                    <Table.Td title={row.path}>{fieldLabel(row.path)}</Table.Td>
                    {update ? (
                      <>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{valueText(row.before)}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-word' }}>{valueText(row.after)}</Table.Td>
                      </>
                    ) : (
                      <Table.Td style={{ wordBreak: 'break-word' }}>{valueText(row[only])}</Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Dialog>
  );
}
