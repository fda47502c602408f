import type { AppContext, Bus } from '../context.js';

/**
 * Keeps a node's cache in step with the others: `forget` runs when another node announces a change
 * on `channel` (NOTIFY), and when the listener comes back after an outage (changes announced
 * meanwhile were never heard). Answers the stop.
 */
export async function watchChanges(
  bus: Pick<Bus, 'listen' | 'onListenerRestored'>,
  channel: string,
  forget: () => void,
): Promise<() => Promise<void>> {
  const stop = await bus.listen(channel, forget);
  const stopRestored = bus.onListenerRestored(forget);
  return async () => {
    stopRestored();
    await stop();
  };
}

/** A node's copy of something in the database, with the count of times it was forgotten. */
export type Kept<T> = T & { generation: number };

/**
 * What a node keeps in memory of the database, one copy per database handle (tests run several
 * servers in one process). `forget` empties it here (`empty`) and tells the other nodes on
 * `channel`, whose `watch` empties theirs. A read that started before a forget (its generation
 * changed meanwhile) must not be kept; `onForget` tells the caches built on this one.
 * `follow` ties the copy to another's forgets when the copy is made.
 */
export function keptCopy<T extends object>(
  channel: string,
  make: () => T,
  empty: (kept: T, db: object) => void,
  follow?: (ctx: Pick<AppContext, 'db'>, forget: () => void) => void,
) {
  type Copy = { kept: Kept<T>; listeners: Set<() => void> };
  const copies = new WeakMap<object, Copy>();
  const copyOf = (ctx: Pick<AppContext, 'db'>): Copy => {
    const known = copies.get(ctx.db);
    if (known) return known;
    const copy: Copy = { kept: Object.assign(make(), { generation: 0 }), listeners: new Set() };
    copies.set(ctx.db, copy);
    follow?.(ctx, () => forgetHere(ctx.db, copy));
    return copy;
  };
  const forgetHere = (db: object, copy: Copy) => {
    empty(copy.kept, db);
    copy.kept.generation++;
    for (const listener of copy.listeners) listener();
  };
  return {
    of: (ctx: Pick<AppContext, 'db'>): Kept<T> => copyOf(ctx).kept,
    /** Forgets the copy here and on every other node. */
    forget: async (ctx: Pick<AppContext, 'db' | 'bus'>): Promise<void> => {
      forgetHere(ctx.db, copyOf(ctx));
      await ctx.bus.notify(channel, String(process.pid));
    },
    /** Listens for the other nodes' changes; returns the stop. */
    watch: (ctx: Pick<AppContext, 'db' | 'bus'>): Promise<() => Promise<void>> => {
      const copy = copyOf(ctx);
      return watchChanges(ctx.bus, channel, () => forgetHere(ctx.db, copy));
    },
    /** Calls `fn` after every forget of this node's copy; returns the stop. */
    onForget: (ctx: Pick<AppContext, 'db'>, fn: () => void): (() => void) => {
      const { listeners } = copyOf(ctx);
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
