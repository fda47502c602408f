import { describe, expect, it } from 'vitest';
import { minutesToTime, timeToMinutes } from '../../../kit/fields/kinds';
import { calendarToInput, emptyCalendar, fromLocalInput, mergeHolidays, toLocalInput } from './values';

describe('calendar form values', () => {
  it('starts a new calendar with Monday to Friday 09:00-20:00 and no expiry', () => {
    const v = emptyCalendar(1000);
    expect(v.accepts).toEqual(
      [0, 1, 2, 3, 4].map((day) => ({ day, disabled: false, startTimeOfDay: 540, endTimeOfDay: 1200 })),
    );
    expect(v).toMatchObject({ expires: false, startAt: 1000, endAt: 1000, excepts: [] });
  });

  it('sends startAt and endAt only while expires is on', () => {
    const v = { ...emptyCalendar(5), name: 'c', timezone: { name: 'UTC' } };
    expect(calendarToInput(v)).not.toHaveProperty('startAt');
    expect(calendarToInput(v)).not.toHaveProperty('endAt');
    expect(calendarToInput({ ...v, expires: true })).toMatchObject({ expires: true, startAt: 5, endAt: 5 });
  });

  it('shows minutes as HH:MM and reads them back', () => {
    expect(minutesToTime(540)).toBe('09:00');
    expect(minutesToTime(1200)).toBe('20:00');
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(1440)).toBe('24:00');
    expect(timeToMinutes('09:30')).toBe(570);
    expect(timeToMinutes('23:59')).toBe(1439);
    expect(timeToMinutes('')).toBe(0);
  });

  it('round-trips a local date-time', () => {
    const ms = new Date(2026, 0, 15, 8, 30).getTime();
    expect(toLocalInput(ms)).toBe('2026-01-15T08:30');
    expect(fromLocalInput('2026-01-15T08:30')).toBe(ms);
    expect(fromLocalInput('')).toBeNull();
  });

  it('adds imported holidays once', () => {
    const a = { name: 'A', date: '2026-01-01', repeat: true };
    const b = { name: 'B', date: '2026-05-01', repeat: false };
    expect(mergeHolidays([a], [a, b, b])).toEqual([a, b]);
  });
});
