import { describe, expect, it } from 'vitest';
import { parseRange } from './range.js';

describe('parseRange', () => {
  it('reads a-b, a- and -n', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
  });
  it('clips an end beyond the file', () => {
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
  });
  it('says unsatisfiable for a start at or past the end and an empty suffix', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=200-300', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    // range-parser's reading: a suffix longer than the file and a range that ends before it starts.
    expect(parseRange('bytes=-1000', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-1', 100)).toBe('unsatisfiable');
  });
  it('ignores what it does not serve: no header, other units, several ranges, garbage', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=5-1', 100)).toBeNull();
    expect(parseRange('bytes=abc', 100)).toBeNull();
    expect(parseRange('bytes=-', 100)).toBeNull();
  });
});
