/** One field of a log entry's record: its dotted path and its value before and after the change. */
export type DiffRow = { path: string; before: unknown; after: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A state as dotted paths to values: nested objects open up (`metadata.access.admin`), lists and
 * plain values are leaves. An empty object is a leaf too, so that it still shows.
 */
export function flatten(state: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (!isObject(state)) {
    if (prefix) out.set(prefix, state);
    return out;
  }
  const keys = Object.keys(state);
  if (!keys.length && prefix) out.set(prefix, state);
  for (const key of keys) flatten(state[key], prefix ? `${prefix}.${key}` : key, out);
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a log entry shows: for an update the fields whose values differ, before and after; for a
 * create or a delete (one state missing) every field of the record that exists, in its order.
 */
export function stateDiff(before: unknown, after: unknown): DiffRow[] {
  const old = flatten(before);
  const now = flatten(after);
  const paths = [...new Set([...old.keys(), ...now.keys()])];
  const whole = before === null || before === undefined || after === null || after === undefined;
  return paths
    .filter((path) => whole || !same(old.get(path), now.get(path)))
    .map((path) => ({ path, before: old.get(path), after: now.get(path) }));
}

/** A value as one cell shows it: text as it is, nothing for a missing value, the rest as JSON. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
