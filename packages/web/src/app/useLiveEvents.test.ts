import { TOKEN_STORAGE_KEY } from '@switchboard/model';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RETRY_MS, subscribeLive } from './useLiveEvents';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
  get live() {
    return this.readyState !== FakeEventSource.CLOSED;
  }
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const openSources = () => FakeEventSource.all.filter((s) => s.live);

describe('live events', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shares one stream among subscribers, with the topics and the token in the URL', async () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = subscribeLive('devices', (d) => a.push(d));
    const offB = subscribeLive('gateways', (d) => b.push(d));
    await flush();
    expect(openSources()).toHaveLength(1);
    const url = new URL(openSources()[0].url, 'http://x');
    expect(url.pathname).toBe('/api/events');
    expect(url.searchParams.get('topics')).toBe('devices,gateways');
    expect(url.searchParams.get('access_token')).toBe('tok-1');
    openSources()[0].emit('devices', { id: 3, state: 1 });
    expect(a).toEqual([{ id: 3, state: 1 }]);
    expect(b).toEqual([]);
    offB();
    await flush();
    expect(openSources()).toHaveLength(1);
    expect(new URL(openSources()[0].url, 'http://x').searchParams.get('topics')).toBe('devices');
    offA();
    await flush();
    expect(openSources()).toHaveLength(0);
  });

  it('tells listeners to read again after a reconnect, and opens a new stream after the server closed it', async () => {
    vi.useFakeTimers();
    const got: unknown[] = [];
    const off = subscribeLive('devices', (d) => got.push(d));
    await flush();
    const first = openSources()[0];
    // Opening: what changed since the screen read its data was never delivered.
    first.open();
    expect(got).toEqual([null]);
    // The browser reconnected by itself: events may have been missed.
    first.open();
    expect(got).toEqual([null, null]);
    // The server refused the stream for good (an expired token): a new one after a pause, with the new token.
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-2');
    first.close();
    first.onerror?.();
    expect(openSources()).toHaveLength(0);
    vi.advanceTimersByTime(LIVE_RETRY_MS);
    expect(openSources()).toHaveLength(1);
    expect(new URL(openSources()[0].url, 'http://x').searchParams.get('access_token')).toBe('tok-2');
    // What happened while the stream was down is read again once the new one opens.
    expect(got).toEqual([null, null]);
    openSources()[0].open();
    expect(got).toEqual([null, null, null]);
    off();
    await flush();
    expect(openSources()).toHaveLength(0);
  });

  it('opens nothing without a token', async () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    const off = subscribeLive('devices', () => {});
    await flush();
    expect(openSources()).toHaveLength(0);
    off();
  });
});
