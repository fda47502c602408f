import { ActionIcon, Button, Group, Select, Switch, Table, Text, TextInput } from '@mantine/core';
import { type AcceptRow, CALENDAR_DAYS, newAcceptRow } from '@switchboard/model';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditForm } from '../../../kit/edit/form';
import { type CalendarValues, minutesToTime, timeToMinutes } from './values';

/** The work week: one row per range of a day, times shown as HH:MM and kept as minutes. */
export function WorkWeek({ form }: { form: EditForm<CalendarValues> }) {
  const { t } = useTranslation();
  const rows = form.values.accepts;
  const days = CALENDAR_DAYS.map((d) => ({ value: String(d), label: t(`calendars.days.${d}`) }));
  const change = (index: number, patch: Partial<AcceptRow>) =>
    form.set(
      'accepts',
      rows.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    );
  const error = (index: number, field: keyof AcceptRow) => form.error(`accepts.${index}.${field}`);
  return (
    <>
      <Table withTableBorder verticalSpacing={6} fz="sm" maw={760} data-testid="work-week">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('calendars.day')}</Table.Th>
            <Table.Th>{t('calendars.start')}</Table.Th>
            <Table.Th>{t('calendars.end')}</Table.Th>
            <Table.Th>{t('calendars.disabled')}</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            // Rows have no id of their own; the position is what the API's error paths name too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={i}>
              <Table.Td>
                <Select
                  size="xs"
                  data={days}
                  value={String(row.day)}
                  allowDeselect={false}
                  disabled={form.readOnly}
                  aria-label={t('calendars.day')}
                  error={error(i, 'day')}
                  onChange={(v) => change(i, { day: Number(v ?? 0) })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  type="time"
                  value={minutesToTime(row.startTimeOfDay)}
                  disabled={form.readOnly}
                  aria-label={t('calendars.start')}
                  error={error(i, 'startTimeOfDay')}
                  onChange={(e) => change(i, { startTimeOfDay: timeToMinutes(e.currentTarget.value) })}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  type="time"
                  value={minutesToTime(row.endTimeOfDay)}
                  disabled={form.readOnly}
                  aria-label={t('calendars.end')}
                  error={error(i, 'endTimeOfDay')}
                  onChange={(e) => change(i, { endTimeOfDay: timeToMinutes(e.currentTarget.value) })}
                />
              </Table.Td>
              <Table.Td>
                <Switch
                  size="xs"
                  checked={row.disabled}
                  disabled={form.readOnly}
                  aria-label={t('calendars.disabled')}
                  onChange={(e) => change(i, { disabled: e.currentTarget.checked })}
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
                      'accepts',
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
      <Group mt="sm">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={form.readOnly}
          onClick={() => form.set('accepts', [...rows, newAcceptRow()])}
        >
          {t('kit.addRow')}
        </Button>
      </Group>
    </>
  );
}
