import { Group, Stack, Switch } from '@mantine/core';
import { calendars } from '@switchboard/model';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EditScreen } from '../../../kit/edit/EditScreen';
import type { EditTab } from '../../../kit/edit/form';
import { DateTimeInput } from '../../../kit/fields/DateInputs';
import { RowsField } from '../../../kit/fields/RowsField';
import { TextField } from '../../../kit/fields/TextField';
import { TimezoneSelect } from '../../../kit/fields/TimezoneSelect';
import { fieldKey } from '../../../kit/path';
import { Holidays } from './Holidays';
import { WORK_WEEK } from './rows';
import { type CalendarValues, calendarCodec, fromLocalInput, toLocalInput } from './values';

/** `/lookups/calendars/new` and `/{id}`: general, work week, holidays (and Permissions). */
export function CalendarEdit() {
  const { t } = useTranslation();
  const tabs = useMemo<EditTab<CalendarValues>[]>(
    () => [
      {
        key: 'general',
        fields: ['name', 'timezone', 'description', 'expires', 'startAt', 'endAt'],
        render: (form) => (
          <Stack maw={640} gap="sm">
            <TextField form={form} name="name" label={t(fieldKey('name'))} required />
            <TimezoneSelect
              label={t('fields.timezone')}
              required
              value={form.values.timezone}
              error={form.error('timezone')}
              disabled={form.readOnly}
              onChange={(tz) => form.set('timezone', tz)}
            />
            <TextField form={form} name="description" kind="textarea" label={t(fieldKey('description'))} />
            <Switch
              label={t('calendars.expires')}
              checked={form.values.expires}
              disabled={form.readOnly}
              onChange={(e) => form.set('expires', e.currentTarget.checked)}
            />
            {form.values.expires && (
              <Group grow>
                {(['startAt', 'endAt'] as const).map((end) => (
                  <DateTimeInput
                    key={end}
                    label={t(`calendars.${end}`)}
                    value={toLocalInput(form.values[end])}
                    error={form.error(end)}
                    disabled={form.readOnly}
                    onChange={(local) => form.set(end, fromLocalInput(local))}
                  />
                ))}
              </Group>
            )}
          </Stack>
        ),
      },
      {
        key: 'workWeek',
        fields: ['accepts'],
        render: (form) => (
          <RowsField
            def={calendars}
            form={form}
            field={WORK_WEEK}
            path="accepts"
            value={form.values.accepts}
            onChange={(v) => form.set('accepts', v as CalendarValues['accepts'])}
          />
        ),
      },
      {
        key: 'holidays',
        fields: ['excepts'],
        render: (form) => <Holidays form={form} />,
      },
    ],
    [t],
  );
  return <EditScreen def={calendars} tabs={tabs} codec={calendarCodec} />;
}
