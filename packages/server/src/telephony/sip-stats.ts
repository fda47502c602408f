/**
 * How long this process took to answer the SIP server's requests, by kind: histograms kept since
 * the start (answered by GET /api/telephony/sip/stats), so a reader takes two snapshots and
 * works on their difference. Bucket i counts answers that took at most BOUNDS_MS[i], and one more
 * bucket at the end those slower than the last bound; the bounds grow by 10%, from 0.1 ms to a minute.
 */
export const BOUNDS_MS: number[] = (() => {
  const bounds: number[] = [];
  for (let b = 0.1; b < 60_000; b *= 1.1) bounds.push(Number(b.toFixed(3)));
  return bounds;
})();

export type SipAnswerKind = 'credentials' | 'route' | 'events';

export type AnswerTimes = { count: number; totalMs: number; buckets: number[] };

const empty = (): AnswerTimes => ({ count: 0, totalMs: 0, buckets: [...BOUNDS_MS.map(() => 0), 0] });
const times: Record<SipAnswerKind, AnswerTimes> = { credentials: empty(), route: empty(), events: empty() };

/** The first bucket whose bound is at least `ms` (binary search); BOUNDS_MS.length past the last. */
export function bucketOf(ms: number): number {
  let lo = 0;
  let hi = BOUNDS_MS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (BOUNDS_MS[mid] >= ms) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function recordSipAnswer(kind: SipAnswerKind, ms: number) {
  const t = times[kind];
  t.count++;
  t.totalMs += ms;
  t.buckets[bucketOf(ms)]++;
}

/** A copy of the histograms as they stand. */
export function sipAnswerTimes(): Record<SipAnswerKind, AnswerTimes> {
  const copy = (t: AnswerTimes) => ({ count: t.count, totalMs: t.totalMs, buckets: [...t.buckets] });
  return { credentials: copy(times.credentials), route: copy(times.route), events: copy(times.events) };
}
