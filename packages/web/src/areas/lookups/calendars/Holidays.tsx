import { ActionIcon, Button, FileButton, Group, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ExceptRow, newExceptRow, parseIcsHolidays } from '@switchboard/model';
import { IconCalendarDown, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditForm } from '../../../kit/edit/form';
import { type CalendarValues, mergeHolidays } from './values';

/** Holidays: name, day and whether it repeats every year; more can come from an .ics file. */
export function Holidays({ form }: { form: EditForm<CalendarValues> }) {
  const { t } = useTranslation();
  const rows = form.values.excepts;
  const change = (index: number, patch: Partial<ExceptRow>) =>
    form.set(
      'excepts',
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const error = (index: number, field: keyof ExceptRow) => form.error(`excepts.${index}.${field}`);

  const importFile = async (file: File | null) => {
    if (!file) return;
    const found = parseIcsHolidays(await file.text());
    if (found.length === 0) {
      notifications.show({ color: 'orange', message: t('calendars.importNone') });
      return;
    }
    const merged = mergeHolidays(rows, found);
    form.set('excepts', merged);
    notifications.show({ color: 'blue', message: t('calendars.imported', { n: merged.length - rows.length }) });
  };

  return (
    <>
      <Table withTableBorder verticalSpacing={6} fz="sm" maw={760} data-testid="holidays">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('calendars.date')}</Table.Th>
            <Table.Th>{t('calendars.repeat')}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the API's error paths name positions too
            <Table.Tr key={i}>
              <Table.Td>
                <TextInput
                  size="xs"
                  value={row.name}
                  disabled={form.readOnly}
                  aria-label={t('fields.name')}
                  error={error(i, 'name')}
                  onChange={(e) => change(i, { name: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  type="date"
                  value={row.date}
                  disabled={form.readOnly}
                  aria-label={t('calendars.date')}
                  error={error(i, 'date')}
                  onChange={(e) => change(i, { date: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <Switch
                  size="xs"
                  checked={row.repeat}
                  disabled={form.readOnly}
                  aria-label={t('calendars.repeat')}
                  onChange={(e) => change(i, { repeat: e.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  disabled={form.readOnly}
                  aria-label={t('kit.removeRow')}
                  onClick={() =>
                    form.set(
                      'excepts',
                      rows.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed" p="sm">
          {t('kit.noRows')}
        </Text>
      )}
      <Group mt="sm" gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={form.readOnly}
          onClick={() => form.set('excepts', [...rows, newExceptRow()])}
        >
          {t('kit.addRow')}
        </Button>
        <FileButton onChange={importFile} accept=".ics,text/calendar" disabled={form.readOnly}>
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconCalendarDown size={14} />}>
              {t('calendars.importIcs')}
            </Button>
          )}
        </FileButton>
      </Group>
    </>
  );
}
