import { describe, expect, it } from 'vitest';
import { dueSlots, isCronExpression, nextRunTimes, TRIGGER_CRON_DEFAULT } from './cron.js';
import { formatDuration } from './triggers.js';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('trigger cron expressions', () => {
  it('take six fields with seconds and refuse the rest', () => {
    expect(isCronExpression(TRIGGER_CRON_DEFAULT)).toBe(true);
    expect(isCronExpression('*/2 * * * * *')).toBe(true);
    expect(isCronExpression('* * * * *')).toBe(false);
    expect(isCronExpression('0 0 25 * * *')).toBe(false);
    expect(isCronExpression('')).toBe(false);
  });

  it('give the next run times in the trigger’s zone', () => {
    const from = new Date('2030-01-15T09:00:00Z');
    expect(iso(nextRunTimes(TRIGGER_CRON_DEFAULT, 'Europe/Kyiv', 3, from))).toEqual([
      '2030-01-15T10:00:00.000Z',
      '2030-01-15T10:01:00.000Z',
      '2030-01-15T10:02:00.000Z',
    ]);
    expect(nextRunTimes('nonsense', 'UTC', 5, from)).toEqual([]);
  });

  it('make due every slot since the last look, and only the latest under 5 minutes on a first look', () => {
    const trigger = { expression: '*/2 * * * * *', timezone: 'UTC', notBefore: new Date('2030-01-01T00:00:00Z') };
    const now = new Date('2030-01-01T10:00:05.100Z');
    expect(iso(dueSlots(trigger, new Date('2030-01-01T10:00:00.500Z'), now))).toEqual([
      '2030-01-01T10:00:02.000Z',
      '2030-01-01T10:00:04.000Z',
    ]);
    expect(iso(dueSlots(trigger, null, now))).toEqual(['2030-01-01T10:00:04.000Z']);
    const daily = { ...trigger, expression: '0 0 10 * * *' };
    expect(dueSlots(daily, null, new Date('2030-01-01T10:04:59Z'))).toHaveLength(1);
    expect(dueSlots(daily, null, new Date('2030-01-01T10:05:00Z'))).toHaveLength(0);
    expect(
      dueSlots({ ...daily, notBefore: new Date('2030-01-01T10:01:00Z') }, null, new Date('2030-01-01T10:02:00Z')),
    ).toEqual([]);
  });

  it('shows a duration as HH:MM:SS.mmm', () => {
    expect(formatDuration(0)).toBe('00:00:00.000');
    expect(formatDuration(3_723_456)).toBe('01:02:03.456');
    expect(formatDuration(null)).toBe('');
  });
});
