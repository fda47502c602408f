import type { Bus } from '../context.js';

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
