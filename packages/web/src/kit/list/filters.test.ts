import type { ListFilter } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { dayBound, filterDefaults, filterQuery } from './filters';

const filters: ListFilter[] = [
  { kind: 'enum', key: 'channel', options: ['phone', 'email'], multiple: true },
  { kind: 'enum', key: 'state', options: ['on', 'off'] },
  { kind: 'ref', key: 'user', path: '/users' },
  { kind: 'dateRange', key: 'expireAt', from: 'expireFrom', to: 'expireTo' },
  { kind: 'numberRange', key: 'limitMin', min: 'limitFrom', max: 'limitTo' },
];

describe('list filters', () => {
  it('bounds a day at its start and its end in the local time zone, and refuses a day that is none', () => {
    expect(dayBound('2025-03-09', false)).toBe(new Date(2025, 2, 9).getTime());
    expect(dayBound('2025-03-09', true)).toBe(new Date(2025, 2, 9, 23, 59, 59, 999).getTime());
    expect(dayBound('2025-02-31', false)).toBeUndefined();
    expect(dayBound('09.03.2025', false)).toBeUndefined();
    expect(dayBound(undefined, true)).toBeUndefined();
  });

  it('turns the values in the URL into API params, each filter by its kind', () => {
    expect(
      filterQuery(filters, {
        channel: ['phone', 'email'],
        state: ['off', 'on'],
        user: ['12'],
        expireFrom: ['2025-01-01'],
        expireTo: ['2025-01-31'],
        limitFrom: ['5'],
        limitTo: ['0'],
      }),
    ).toEqual({
      channel: ['phone', 'email'],
      state: 'off',
      user: '12',
      expireFrom: new Date(2025, 0, 1).getTime(),
      expireTo: new Date(2025, 0, 31, 23, 59, 59, 999).getTime(),
      limitFrom: 5,
      limitTo: 0,
    });
  });

  it('leaves out what a filter does not take, as if it were not set', () => {
    expect(
      filterQuery(filters, {
        channel: ['fax'],
        state: [],
        user: ['abc'],
        expireFrom: ['soon'],
        limitFrom: ['many'],
        limitTo: [' '],
      }),
    ).toEqual({});
  });
});

describe('filterDefaults', () => {
  it('starts both ends of a date range marked today at today, and nothing else', () => {
    const filters: ListFilter[] = [
      { kind: 'dateRange', key: 'date', from: 'from', to: 'to', today: true },
      { kind: 'dateRange', key: 'seen', from: 'seenFrom', to: 'seenTo' },
      { kind: 'text', key: 'userIp' },
    ];
    expect(filterDefaults(filters, new Date(2026, 0, 5, 23, 30))).toEqual({ from: ['2026-01-05'], to: ['2026-01-05'] });
  });

  it('starts a range since the previous month at its first day, to today (January: December)', () => {
    const filters: ListFilter[] = [
      { kind: 'dateRange', key: 'createdAt', from: 'from', to: 'to', since: 'previousMonth' },
    ];
    expect(filterDefaults(filters, new Date(2026, 0, 5, 23, 30))).toEqual({ from: ['2025-12-01'], to: ['2026-01-05'] });
    expect(filterDefaults(filters, new Date(2026, 6, 31))).toEqual({ from: ['2026-06-01'], to: ['2026-07-31'] });
  });

  it('sends a typed value trimmed, and nothing for a blank one', () => {
    const filters: ListFilter[] = [{ kind: 'text', key: 'userIp' }];
    expect(filterQuery(filters, { userIp: [' 10.0.0.1 '] })).toEqual({ userIp: '10.0.0.1' });
    expect(filterQuery(filters, { userIp: ['  '] })).toEqual({});
  });
});
