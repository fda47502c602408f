import { describe, expect, it } from 'vitest';
import { formatStatusDuration } from './agents.js';

describe('formatStatusDuration', () => {
  it('shows seconds as HH:MM:SS up to a day', () => {
    expect(formatStatusDuration(0)).toBe('00:00:00');
    expect(formatStatusDuration(59)).toBe('00:00:59');
    expect(formatStatusDuration(3661)).toBe('01:01:01');
    expect(formatStatusDuration(86_400)).toBe('24:00:00');
  });
  it('shows >24:00:00 over 86,400 seconds', () => {
    expect(formatStatusDuration(86_401)).toBe('>24:00:00');
    expect(formatStatusDuration(1_000_000)).toBe('>24:00:00');
  });
  it('drops fractions and treats bad input as zero', () => {
    expect(formatStatusDuration(61.9)).toBe('00:01:01');
    expect(formatStatusDuration(-5)).toBe('00:00:00');
    expect(formatStatusDuration(Number.NaN)).toBe('00:00:00');
  });
});
