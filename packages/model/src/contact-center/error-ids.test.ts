import { describe, expect, it } from 'vitest';
import { matchesSipCode, parseSipCodeRange } from './error-ids.js';
import { resources } from './resources.js';

describe('parseSipCodeRange', () => {
  it('reads a single code and a range, with spaces around', () => {
    expect(parseSipCodeRange('503')).toEqual({ from: 503, to: 503 });
    expect(parseSipCodeRange(' 500-599 ')).toEqual({ from: 500, to: 599 });
    expect(parseSipCodeRange('480 - 486')).toEqual({ from: 480, to: 486 });
  });

  it('refuses what is no final SIP response or no range', () => {
    for (const bad of ['', '200', '700', '99', '5033', '599-500', '500-700', '5xx', '500-', 'abc', '500,503'])
      expect(parseSipCodeRange(bad), bad).toBeNull();
    expect(parseSipCodeRange('300')).toEqual({ from: 300, to: 300 });
    expect(parseSipCodeRange('699')).toEqual({ from: 699, to: 699 });
  });

  it('matches a code against the entries of a list', () => {
    expect(matchesSipCode(['503', '600-603'], 602)).toBe(true);
    expect(matchesSipCode(['503', '600-603'], 504)).toBe(false);
    expect(matchesSipCode(['junk'], 503)).toBe(false);
  });

  it('is what the resource schema checks, naming the entry at fault', () => {
    const parsed = resources.input.safeParse({ name: 'r', gateway: { id: 1 }, errorIds: ['503', '599-500'] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['errorIds.1']);
  });
});
