import { describe, expect, it } from 'vitest';
import { isCalendarOpen, wallClock } from './calendar.js';

const week = {
  timezone: 'America/New_York',
  startAt: null,
  endAt: null,
  accepts: [
    { day: 0, disabled: false, startTimeOfDay: 540, endTimeOfDay: 1020 },
    { day: 5, disabled: true, startTimeOfDay: 0, endTimeOfDay: 1440 },
  ],
  excepts: [{ name: 'New year', date: '2020-01-01', repeat: true }],
};

describe('calendar open now', () => {
  it('reads the wall clock of the calendar zone, Monday being day 0', () => {
    expect(wallClock('America/New_York', new Date('2026-11-30T14:05:00Z'))).toEqual({
      date: '2026-11-30',
      day: 0,
      minute: 9 * 60 + 5,
    });
    expect(wallClock('Asia/Tokyo', new Date('2026-11-29T16:00:00Z')).day).toBe(0);
  });

  it('is open inside a range of the day, closed at its end, on other days and disabled rows', () => {
    expect(isCalendarOpen(week, new Date('2026-11-30T14:00:00Z'))).toBe(true);
    expect(isCalendarOpen(week, new Date('2026-11-30T13:59:00Z'))).toBe(false);
    expect(isCalendarOpen(week, new Date('2026-11-30T22:00:00Z'))).toBe(false);
    expect(isCalendarOpen(week, new Date('2026-12-01T15:00:00Z'))).toBe(false);
    expect(isCalendarOpen(week, new Date('2026-12-05T15:00:00Z'))).toBe(false);
  });

  it('is closed on a holiday (every year when it repeats) and outside its validity', () => {
    const monday2029 = new Date('2029-01-01T15:00:00Z');
    expect(isCalendarOpen(week, monday2029)).toBe(false);
    expect(isCalendarOpen({ ...week, excepts: [] }, monday2029)).toBe(true);
    expect(isCalendarOpen({ ...week, excepts: [], endAt: Date.parse('2028-12-31T00:00:00Z') }, monday2029)).toBe(false);
    expect(isCalendarOpen({ ...week, excepts: [], startAt: Date.parse('2030-01-01T00:00:00Z') }, monday2029)).toBe(
      false,
    );
  });

  it('throws for a zone the runtime does not know (the flow is refused)', () => {
    expect(() => isCalendarOpen({ ...week, timezone: 'Mars/Base' }, new Date())).toThrow(RangeError);
  });
});
