import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionQueue } from './admission.js';

describe('AdmissionQueue', () => {
  afterEach(() => vi.useRealTimers());

  it('admits in arrival order as places free up', async () => {
    const queue = new AdmissionQueue({ concurrency: 2, queue: 10, waitMs: 60_000 });
    const first = await queue.enter();
    const second = await queue.enter();
    const order: number[] = [];
    const waiting = [3, 4, 5, 6].map((n) =>
      queue.enter().then((release) => {
        order.push(n);
        return release;
      }),
    );
    expect(queue.stats).toEqual({ running: 2, waiting: 4 });
    first?.();
    // Releasing twice frees one place, not two.
    first?.();
    // The next caller is admitted on the next turn of the event loop, not in the releaser's.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(order).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([3]);
    second?.();
    const [r3, r4] = await Promise.all(waiting.slice(0, 2));
    expect(order).toEqual([3, 4]);
    r4?.();
    r3?.();
    await Promise.all(waiting);
    expect(order).toEqual([3, 4, 5, 6]);
    expect(queue.stats).toEqual({ running: 2, waiting: 0 });
  });

  it('starts at most its concurrency of callers in one turn of the event loop', async () => {
    const queue = new AdmissionQueue({ concurrency: 2, queue: 10, waitMs: 60_000 });
    const started: number[] = [];
    // Each caller is done at once, as a request on the embedded database is within its turn.
    const callers = [1, 2, 3, 4, 5].map((n) =>
      queue.enter().then((release) => {
        started.push(n);
        release?.();
      }),
    );
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(started).toEqual([1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(started).toEqual([1, 2, 3, 4]);
    await Promise.all(callers);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets no newcomer pass the callers already waiting', async () => {
    const queue = new AdmissionQueue({ concurrency: 1, queue: 10, waitMs: 60_000 });
    const holder = await queue.enter();
    const order: string[] = [];
    const early = queue.enter().then((r) => {
      order.push('early');
      return r;
    });
    holder?.();
    // A place is free for a moment, but the waiting caller gets it.
    const late = queue.enter().then((r) => {
      order.push('late');
      return r;
    });
    (await early)?.();
    (await late)?.();
    expect(order).toEqual(['early', 'late']);
  });

  it('turns callers away when the queue is full, and after the longest wait', async () => {
    vi.useFakeTimers();
    const queue = new AdmissionQueue({ concurrency: 1, queue: 2, waitMs: 1000 });
    const holder = await queue.enter();
    const a = queue.enter();
    const b = queue.enter();
    expect(await queue.enter()).toBeNull();
    vi.advanceTimersByTime(999);
    expect(queue.stats.waiting).toBe(2);
    vi.advanceTimersByTime(1);
    expect(await a).toBeNull();
    expect(await b).toBeNull();
    expect(queue.stats).toEqual({ running: 1, waiting: 0 });
    holder?.();
    expect(queue.stats.running).toBe(0);
    expect(await queue.enter()).toBeTypeOf('function');
  });

  it('takes a caller whose signal aborts out of the line, and gives its turn to the next', async () => {
    const queue = new AdmissionQueue({ concurrency: 1, queue: 10, waitMs: 60_000 });
    const holder = await queue.enter();
    const gone = new AbortController();
    const leaving = queue.enter(gone.signal);
    const next = queue.enter();
    expect(queue.stats).toEqual({ running: 1, waiting: 2 });
    gone.abort();
    expect(await leaving).toBeNull();
    expect(queue.stats).toEqual({ running: 1, waiting: 1 });
    holder?.();
    const release = await next;
    expect(release).toBeTypeOf('function');
    expect(queue.stats).toEqual({ running: 1, waiting: 0 });
    release?.();
    // A caller already gone is not given a place at all.
    expect(await queue.enter(gone.signal)).toBeNull();
  });
});
