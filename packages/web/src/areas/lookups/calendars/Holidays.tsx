import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { calendars, type ExceptRow, parseIcsHolidays } from '@switchboard/model';
import { IconCalendarDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditForm, FormValues } from '../../../kit/edit/form';
import { RowsField } from '../../../kit/fields/RowsField';
import { HOLIDAYS } from './rows';
import { mergeHolidays } from './values';

/** Holidays: name, day and whether it repeats every year; more can come from an .ics file. */
export function Holidays({ form }: { form: EditForm<FormValues> }) {
  const { t } = useTranslation();
  const rows = (form.values.excepts ?? []) as ExceptRow[];

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
    <RowsField
      def={calendars}
      form={form}
      field={HOLIDAYS}
      path="excepts"
      value={rows}
      onChange={(v) => form.set('excepts', v)}
      tools={
        <FileButton onChange={importFile} accept=".ics,text/calendar">
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconCalendarDown size={14} />}>
              {t('calendars.importIcs')}
            </Button>
          )}
        </FileButton>
      }
    />
  );
}
