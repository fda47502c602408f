/**
 * Waits until `probe` answers something truthy, and returns it. A limit, not a wait: the condition
 * usually holds within a second, but on two cores shared with other test runs (load 30) some took
 * more than 20 s, so the limit is a minute unless a test names another.
 */
export async function until<T>(
  probe: () => T | Promise<T>,
  what = 'the condition',
  limitMs = 60_000,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
