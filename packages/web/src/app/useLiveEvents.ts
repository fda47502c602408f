import { useEffect, useRef } from 'react';
import { apiUrl, getToken } from './api';

/**
 * A live event's data (ids and states), or null after the stream reconnected: events may have
 * been missed meanwhile, so a listener should read its data again.
 */
export type LiveData = Record<string, unknown> | null;
export type LiveListener = (data: LiveData) => void;

/** Wait before opening a new stream after the server closed one (an expired token, a restart). */
export const LIVE_RETRY_MS = 3_000;

const listeners = new Map<string, Set<LiveListener>>();
let source: EventSource | null = null;
let sourceKey = '';
let retry: ReturnType<typeof setTimeout> | null = null;
let pending = false;

function deliver(topic: string, data: LiveData) {
  for (const fn of [...(listeners.get(topic) ?? [])]) fn(data);
}

/** Topics with subscribers, as the stream's `topics` parameter. */
const wantedTopics = () =>
  [...listeners.entries()]
    .filter(([, set]) => set.size > 0)
    .map(([topic]) => topic)
    .sort();

function closeSource() {
  source?.close();
  source = null;
  sourceKey = '';
}

/**
 * Opens the one stream of the page for every subscribed topic, or reopens it when the topics or
 * the token changed. EventSource reconnects by itself after a network drop; when the server
 * refuses or ends the stream for good it stays closed, so a new one is tried after a pause.
 */
function connect() {
  if (retry) {
    clearTimeout(retry);
    retry = null;
  }
  const topics = wantedTopics();
  const token = getToken();
  const key = token && topics.length ? `${topics.join(',')}|${token}` : '';
  if (key === sourceKey && source) return;
  closeSource();
  if (!key || typeof EventSource === 'undefined') return;
  const qs = new URLSearchParams({ topics: topics.join(','), access_token: token as string });
  const es = new EventSource(apiUrl(`/events?${qs}`));
  source = es;
  sourceKey = key;
  // Changes made between a screen's first read and the stream's opening, or while a reopened
  // stream was down, were never delivered: on every open, everyone reads again.
  es.onopen = () => {
    for (const topic of topics) deliver(topic, null);
  };
  for (const topic of topics) {
    es.addEventListener(topic, (event) => {
      try {
        deliver(topic, JSON.parse((event as MessageEvent<string>).data) as Record<string, unknown>);
      } catch {
        // A malformed event carries nothing to show.
      }
    });
  }
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    closeSource();
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, LIVE_RETRY_MS);
  };
}

/** Subscribers come and go in bursts while screens mount: the stream is adjusted once after them. */
function reconcile() {
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    connect();
  });
}

/** Adds a listener of a topic; answers the unsubscribe. One stream serves every subscriber. */
export function subscribeLive(topic: string, listener: LiveListener): () => void {
  let set = listeners.get(topic);
  if (!set) {
    set = new Set();
    listeners.set(topic, set);
  }
  set.add(listener);
  reconcile();
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(topic);
    reconcile();
  };
}

/**
 * Calls `onEvent` with each live event of `topic` (server-sent events of GET /api/events) while
 * the component is mounted; nothing when `topic` is undefined.
 */
export function useLiveEvents(topic: string | undefined, onEvent: LiveListener): void {
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(() => {
    if (!topic) return;
    return subscribeLive(topic, (data) => ref.current(data));
  }, [topic]);
}
