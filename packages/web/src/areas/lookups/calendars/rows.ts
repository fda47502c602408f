import { CALENDAR_DAYS, type FormField } from '@switchboard/model';

/** The work week: one row per range of a day, times shown as HH:MM and kept as minutes. */
export const WORK_WEEK: FormField = {
  field: 'accepts',
  kind: 'rows',
  columns: [
    { field: 'day', kind: 'select', options: CALENDAR_DAYS, required: true, label: 'calendars.day' },
    { field: 'startTimeOfDay', kind: 'time', label: 'calendars.start' },
    { field: 'endTimeOfDay', kind: 'time', label: 'calendars.end' },
    { field: 'disabled', kind: 'switch', label: 'calendars.disabled' },
  ],
};

/** Holidays: name, day and whether it repeats every year. */
export const HOLIDAYS: FormField = {
  field: 'excepts',
  kind: 'rows',
  columns: [
    { field: 'name', required: true },
    { field: 'date', kind: 'day', label: 'calendars.date' },
    { field: 'repeat', kind: 'switch', label: 'calendars.repeat' },
  ],
};
