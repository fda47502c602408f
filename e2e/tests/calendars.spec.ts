import { expect, test } from '../fixtures';
import { CalendarEditPage } from '../pages/CalendarPages';

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20260101',
  'RRULE:FREQ=YEARLY',
  'SUMMARY:New Year',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;VALUE=DATE:20260824',
  'SUMMARY:Independence Day of the country where the contact center w',
  ' orks',
  'RRULE:FREQ=YEARLY',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

type Calendar = {
  id: number;
  name: string;
  timezone: { name: string };
  accepts: { day: number; disabled: boolean; startTimeOfDay: number; endTimeOfDay: number }[];
  excepts: { name: string; date: string; repeat: boolean }[];
};

test('a calendar with its work week and holidays (some from .ics) is saved and comes back after a reload', async ({
  page,
  signedIn,
  api,
}) => {
  const editor = new CalendarEditPage(page);
  await signedIn.open('calendars');
  await expect(page.getByRole('heading', { name: 'Calendars' })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/lookups\/calendars\/new$/);

  await editor.field('Name').fill('Support hours');
  await editor.chooseTimezone('Berlin', /^Europe\/Berlin/);
  await editor.field('Description').fill('Front line');

  await editor.tab('Work week');
  // A new calendar starts with Monday to Friday, 09:00 to 20:00.
  await expect(editor.workRows()).toHaveCount(5);
  await expect(editor.workRows().first().getByLabel('Start')).toHaveValue('09:00');
  await expect(editor.workRows().first().getByLabel('End')).toHaveValue('20:00');
  await editor.setWorkRow(0, 'Monday', '09:00', '13:00');
  await editor.addRow();
  await editor.setWorkRow(5, 'Monday', '14:00', '18:30');
  await editor.addRow();
  await editor.setWorkRow(6, 'Saturday', '10:00', '14:00');
  await page.screenshot({ path: test.info().outputPath('calendar-work-week.png') });

  await editor.tab('Holidays');
  await editor.addRow();
  await editor.setHoliday(0, "Women's day", '2026-03-08', true);
  await editor.importIcs('holidays.ics', ICS);
  await expect(page.getByText('Holidays imported: 2')).toBeVisible();
  await expect(editor.holidayRows()).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('calendar-holidays.png') });

  await editor.save();
  await expect(page).toHaveURL(/\/lookups\/calendars\/\d+$/);
  const id = Number(page.url().split('/').pop());

  await page.reload();
  await editor.tab('Work week');
  await expect(editor.workRows()).toHaveCount(7);
  await expect(editor.workRows().nth(0).getByLabel('End')).toHaveValue('13:00');
  await expect(editor.workRows().nth(5).getByLabel('Start')).toHaveValue('14:00');
  await expect(editor.workRows().nth(6).getByRole('combobox', { name: 'Day' })).toHaveValue('Saturday');
  await editor.tab('Holidays');
  await expect(editor.holidayRows()).toHaveCount(3);
  await expect(editor.holidayRows().nth(2).getByRole('textbox', { name: 'Name' })).toHaveValue(
    'Independence Day of the country where the contact center works',
  );
  await editor.tab('General');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/Europe\/Berlin/);
  await page.screenshot({ path: test.info().outputPath('calendar-reloaded.png') });

  const saved = await api.call<Calendar>('GET', `/calendars/${id}`);
  expect(saved.timezone).toEqual({ name: 'Europe/Berlin' });
  expect(saved.accepts).toEqual([
    { day: 0, disabled: false, startTimeOfDay: 540, endTimeOfDay: 780 },
    { day: 1, disabled: false, startTimeOfDay: 540, endTimeOfDay: 1200 },
    { day: 2, disabled: false, startTimeOfDay: 540, endTimeOfDay: 1200 },
    { day: 3, disabled: false, startTimeOfDay: 540, endTimeOfDay: 1200 },
    { day: 4, disabled: false, startTimeOfDay: 540, endTimeOfDay: 1200 },
    { day: 0, disabled: false, startTimeOfDay: 840, endTimeOfDay: 1110 },
    { day: 5, disabled: false, startTimeOfDay: 600, endTimeOfDay: 840 },
  ]);
  expect(saved.excepts).toEqual([
    { name: "Women's day", date: '2026-03-08', repeat: true },
    { name: 'New Year', date: '2026-01-01', repeat: true },
    { name: 'Independence Day of the country where the contact center works', date: '2026-08-24', repeat: true },
  ]);
});

test('overlapping work ranges are refused with the message under the row', async ({ page, signedIn, api }) => {
  const created = await api.call<Calendar>('POST', '/calendars', {
    name: 'Overlap check',
    timezone: { name: 'UTC' },
    accepts: [{ day: 2, startTimeOfDay: 540, endTimeOfDay: 1020 }],
  });
  const editor = new CalendarEditPage(page);
  expect(signedIn).toBeTruthy();
  await page.goto(`/lookups/calendars/${created.id}`);
  await editor.tab('Work week');
  await editor.addRow();
  await editor.setWorkRow(1, 'Wednesday', '16:00', '19:00');
  await editor.save();
  const row = editor.workRows().nth(1);
  await expect(row.getByText('Time ranges of one day should not overlap')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('calendar-overlap.png') });
  const saved = await api.call<Calendar>('GET', `/calendars/${created.id}`);
  expect(saved.accepts).toHaveLength(1);

  // Start after end on the same row.
  await editor.setWorkRow(1, 'Thursday', '19:00', '16:00');
  await editor.save();
  await expect(editor.workRows().nth(1).getByText('Start should be before end')).toBeVisible();

  await editor.setWorkRow(1, 'Thursday', '16:00', '19:00');
  await editor.save();
  await expect.poll(async () => (await api.call<Calendar>('GET', `/calendars/${created.id}`)).accepts).toHaveLength(2);
});
