/** Reads a dotted path (`presence.status`) out of an API item. */
export function valueAt(item: unknown, path: string): unknown {
  let current: unknown = item;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** i18n keys cannot hold dots (they mean nesting), so a dotted field becomes `presence_status`. */
export const fieldKey = (field: string) => `fields.${field.replace(/\./g, '_')}`;
