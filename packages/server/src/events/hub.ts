import type { AppContext } from '../context.js';

/** Channel of every live event; its payload names the domain and the topic. */
export const LIVE_CHANNEL = 'live_events';

/**
 * PostgreSQL caps a NOTIFY payload at 8000 bytes. Live events carry ids and states only; the
 * browser reads anything bigger through the API.
 */
const MAX_PAYLOAD_BYTES = 7_900;

/** One change pushed to the browsers of a domain: small, ids and states only. */
export type LiveEvent = { domainId: number; topic: string; data: Record<string, unknown> };
export type LiveListener = (event: LiveEvent) => void;

type Topic = {
  /** Access class whose read right a subscriber needs to receive the topic (none: `audience` decides). */
  cls: string | null;
  /** Who else an event is for, beyond the class right (the user who started an import, say). */
  audience?: (principal: { userId: number }, data: Record<string, unknown>) => boolean;
  /** The record an event is about, checked against the record ACL when rbac is on for the class. */
  recordId?: (data: Record<string, unknown>) => number | undefined;
};

const topics = new Map<string, Topic>();

/**
 * Declares a topic of the live stream (devices, gateways, ...): resources register theirs in their
 * own files, next to what publishes on it.
 */
export function registerTopic(topic: string, spec: Topic): void {
  const known = topics.get(topic);
  if (known && known.cls !== spec.cls) throw new Error(`Live topic ${topic} is already bound to ${known.cls}`);
  topics.set(topic, spec);
}

export function topicSpec(topic: string): Topic | undefined {
  return topics.get(topic);
}

export function knownTopics(): string[] {
  return [...topics.keys()].sort();
}

type Hub = { listeners: Set<LiveListener> };

// One hub per bus: tests run several servers (several databases) in one process.
const hubs = new WeakMap<object, Hub>();

function hubOf(ctx: Pick<AppContext, 'bus'>): Hub {
  let hub = hubs.get(ctx.bus);
  if (!hub) {
    hub = { listeners: new Set() };
    hubs.set(ctx.bus, hub);
  }
  return hub;
}

function parse(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.domainId !== 'number' || typeof value.topic !== 'string') return null;
    if (!value.data || typeof value.data !== 'object') return null;
    return { domainId: value.domainId, topic: value.topic, data: value.data };
  } catch {
    return null;
  }
}

/**
 * Publishes an event to every API node through NOTIFY (PostgreSQL and PGlite alike); each node
 * hands it to its own subscribers when its LISTEN connection delivers it. Call it after the
 * transaction that made the change has committed, so nobody reads the old state on the event.
 */
export async function publish(ctx: Pick<AppContext, 'bus'>, event: LiveEvent): Promise<void> {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`Live event on ${event.topic} is too big for NOTIFY (${Buffer.byteLength(payload)} bytes)`);
  }
  await ctx.bus.notify(LIVE_CHANNEL, payload);
}

/** Receives the events of every domain delivered to this node; returns the unsubscribe. */
export function subscribe(ctx: Pick<AppContext, 'bus'>, listener: LiveListener): () => void {
  const hub = hubOf(ctx);
  hub.listeners.add(listener);
  return () => {
    hub.listeners.delete(listener);
  };
}

/** Starts this node's LISTEN on the live channel; returns the stop. */
export function startHub(ctx: Pick<AppContext, 'bus'>): Promise<() => Promise<void>> {
  const hub = hubOf(ctx);
  return ctx.bus.listen(LIVE_CHANNEL, (payload) => {
    const event = parse(payload);
    if (!event) return;
    for (const listener of hub.listeners) {
      // One faulty subscriber must not keep the event from the others.
      try {
        listener(event);
      } catch {
        // The stream of that subscriber cleans itself up on close.
      }
    }
  });
}
