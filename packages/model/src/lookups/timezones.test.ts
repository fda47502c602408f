import { describe, expect, it } from 'vitest';
import { fieldErrors, messages } from '../index.js';
import { isTimezone, TIMEZONE_UNKNOWN, timezone, timezoneNames, timezoneOffset } from './timezones.js';

describe('time-zone catalog', () => {
  it('lists IANA names plus UTC, sorted and without duplicates', () => {
    const names = timezoneNames();
    expect(names).toContain('Europe/Berlin');
    expect(names).toContain('America/New_York');
    expect(names).toContain('UTC');
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    expect(isTimezone('Mars/Olympus')).toBe(false);
    expect(isTimezone('+03:00')).toBe(false);
    expect(isTimezone('EST')).toBe(false);
    // An alias the runtime knows, whichever of the two names its catalog lists.
    expect(isTimezone('Europe/Kyiv')).toBe(true);
    expect(isTimezone('Europe/Kiev')).toBe(true);
  });

  it('gives the current offset, daylight saving included', () => {
    expect(timezoneOffset('UTC')).toBe('+00:00');
    expect(timezoneOffset('Asia/Kolkata')).toBe('+05:30');
    expect(timezoneOffset('Asia/Tokyo')).toBe('+09:00');
    expect(timezoneOffset('America/New_York', new Date('2024-01-15T12:00:00Z'))).toBe('-05:00');
    expect(timezoneOffset('America/New_York', new Date('2024-07-15T12:00:00Z'))).toBe('-04:00');
  });
});

describe('timezone schema', () => {
  const schema = timezone();
  it('takes {name, offset} and answers {name} with the offset dropped', () => {
    expect(schema.parse({ name: ' Europe/Berlin ', offset: '+01:00' })).toEqual({ name: 'Europe/Berlin' });
  });

  it('refuses an unknown name, an empty one and a missing value on the field itself', () => {
    const bad = (value: unknown) => {
      const r = schema.safeParse(value);
      if (r.success) throw new Error('accepted');
      return fieldErrors(r.error);
    };
    expect(bad({ name: 'Mars/Olympus' })).toEqual([{ field: '', message: TIMEZONE_UNKNOWN }]);
    expect(bad({ name: ' ' })).toEqual([{ field: '', message: messages.required }]);
    expect(bad(undefined)).toEqual([{ field: '', message: messages.required }]);
    expect(bad(null)).toEqual([{ field: '', message: messages.required }]);
  });
});
