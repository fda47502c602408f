import { describe, expect, it } from 'vitest';
import { formatDateTime, localeOf } from './locale';

describe('locale', () => {
  it('maps the interface language ua to the Ukrainian locale uk and keeps the others', () => {
    expect(localeOf('ua')).toBe('uk');
    expect(localeOf('ru')).toBe('ru');
    expect(localeOf('en')).toBe('en');
  });

  it('writes dates the way the chosen language does, not in US English for ua', () => {
    const when = '2026-03-04T05:06:07Z';
    const expected = new Date(when).toLocaleString('uk');
    expect(formatDateTime(when, 'ua')).toBe(expected);
    expect(formatDateTime(when, 'ua')).not.toBe(new Date(when).toLocaleString('en-US'));
    expect(formatDateTime(when, 'ru')).toBe(new Date(when).toLocaleString('ru'));
  });

  it('shows nothing for a missing or unreadable value', () => {
    expect(formatDateTime(undefined, 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});
