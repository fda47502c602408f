import { describe, expect, it } from 'vitest';
import { BOUNDS_MS, bucketOf, recordSipAnswer, sipAnswerTimes } from './sip-stats.js';

describe('SIP answer times', () => {
  it('has bounds that grow from 0.1 ms to a minute', () => {
    expect(BOUNDS_MS[0]).toBe(0.1);
    for (let i = 1; i < BOUNDS_MS.length; i++) expect(BOUNDS_MS[i]).toBeGreaterThan(BOUNDS_MS[i - 1]);
    expect(BOUNDS_MS.at(-1)).toBeLessThan(60_000);
    expect(BOUNDS_MS.at(-1)! * 1.1).toBeGreaterThanOrEqual(60_000);
  });

  it('puts a time in the first bucket whose bound holds it, past the last bound in the extra one', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.1)).toBe(0);
    expect(bucketOf(0.1001)).toBe(1);
    const i = BOUNDS_MS.findIndex((b) => b >= 7.3);
    expect(bucketOf(7.3)).toBe(i);
    expect(BOUNDS_MS[i - 1]).toBeLessThan(7.3);
    expect(bucketOf(BOUNDS_MS.at(-1)!)).toBe(BOUNDS_MS.length - 1);
    expect(bucketOf(3_600_000)).toBe(BOUNDS_MS.length);
  });

  it('counts answers by kind; a snapshot is a copy', () => {
    const before = sipAnswerTimes();
    recordSipAnswer('route', 2);
    recordSipAnswer('route', 90_000);
    const after = sipAnswerTimes();
    expect(after.route.count - before.route.count).toBe(2);
    expect(after.route.totalMs - before.route.totalMs).toBe(90_002);
    expect(after.route.buckets[bucketOf(2)] - before.route.buckets[bucketOf(2)]).toBe(1);
    expect(after.route.buckets[BOUNDS_MS.length] - before.route.buckets[BOUNDS_MS.length]).toBe(1);
    expect(after.credentials).toEqual(before.credentials);
    after.route.buckets[0] += 5;
    expect(sipAnswerTimes().route.buckets[0]).toBe(before.route.buckets[0]);
  });
});
