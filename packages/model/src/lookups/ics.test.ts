import { describe, expect, it } from 'vitest';
import { parseIcsHolidays } from './ics.js';

const SAMPLE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Example//Holidays//EN',
  'BEGIN:VEVENT',
  'UID:1@example.com',
  'DTSTART;VALUE=DATE:20250101',
  'DTEND;VALUE=DATE:20250102',
  'RRULE:FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1',
  "SUMMARY:New Year's Day",
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:2@example.com',
  'DTSTART;VALUE=DATE:20250418',
  // A folded line: the continuation starts with one space that is not part of the text.
  'SUMMARY:Good Friday\\, observed by the whole company and all of its con',
  ' tact centers',
  'BEGIN:VALARM',
  'TRIGGER:-PT15M',
  'SUMMARY:Reminder that is not a holiday',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART;TZID="Europe/Kyiv":20250824T000000',
  'SUMMARY:Independence Day',
  'RRULE:FREQ=YEARLY',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'SUMMARY:No date at all',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'DTSTART:20251225T000000Z',
  'RRULE:FREQ=WEEKLY;COUNT=2',
  'SUMMARY:Christmas',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe('parseIcsHolidays', () => {
  it('reads SUMMARY, DTSTART dates (VALUE=DATE, TZID, UTC) and a yearly RRULE, unfolding lines', () => {
    expect(parseIcsHolidays(SAMPLE)).toEqual([
      { name: "New Year's Day", date: '2025-01-01', repeat: true },
      {
        name: 'Good Friday, observed by the whole company and all of its contact centers',
        date: '2025-04-18',
        repeat: false,
      },
      { name: 'Independence Day', date: '2025-08-24', repeat: true },
      { name: 'Christmas', date: '2025-12-25', repeat: false },
    ]);
  });

  it('takes bare LF line ends and tab folding, and gives nothing for text that is not a calendar', () => {
    const lf = 'BEGIN:VEVENT\nSUMMARY:Lab\n\tour Day\nDTSTART;VALUE=DATE:20250901\nEND:VEVENT\n';
    expect(parseIcsHolidays(lf)).toEqual([{ name: 'Labour Day', date: '2025-09-01', repeat: false }]);
    expect(parseIcsHolidays('hello, world')).toEqual([]);
    expect(parseIcsHolidays('')).toEqual([]);
  });
});
