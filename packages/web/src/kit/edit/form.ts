import type { ReactNode } from 'react';

export type FormValues = Record<string, unknown>;

/** What an edit tab gets: the values, a setter that marks the item changed, translated errors. */
export type EditForm<V extends FormValues> = {
  values: V;
  // Method syntax: a form of a screen's own values serves where any form's values are taken (kit fields).
  set<K extends keyof V & string>(key: K, value: V[K]): void;
  /** Translated validation message of a field path (`username`, `profile.0.key`), if any. */
  error: (field: string) => string | undefined;
  isNew: boolean;
  /** Id of the saved item; null while creating. */
  id: number | null;
  /** The item as last read from the API. */
  item: Record<string, unknown> | null;
  /** The scope forbids changing this item. */
  readOnly: boolean;
  /** Reads the saved item again (after a tab saved something itself, say a restored version). */
  reload?: () => Promise<void>;
};

export type EditTab<V extends FormValues> = {
  key: string;
  /** Translated tab title; by default the editor's `<resource>.tabs.<key>`. */
  label?: string;
  render: (form: EditForm<V>) => ReactNode;
  /** Shown only once the item exists (tokens, logs, permissions). */
  savedOnly?: boolean;
  /** Shown only while the values say so (settings of the chosen provider, say). */
  shownWhen?: (values: V) => boolean;
  /** Form fields on this tab: a failed check opens the first tab holding a failing field. */
  fields?: readonly string[];
};

/**
 * A tab of the saved item only (sub-lists, tokens, logs): shown once the item exists, and drawn
 * with its id. `options` adds what else a tab may say (its own `label`, `shownWhen`).
 */
export function savedTab<V extends FormValues>(
  key: string,
  render: (id: number, form: EditForm<V>) => ReactNode,
  options: Pick<EditTab<V>, 'label' | 'shownWhen'> = {},
): EditTab<V> {
  return {
    key,
    savedOnly: true,
    ...options,
    render: (form) => (form.id === null ? null : render(form.id, form)),
  };
}

export type FieldError = { field: string; message: string };

/** A record as the API answers it. */
export type Item = Record<string, unknown> & { id: number };

/** How an editor's values are made, read from a record, sent and checked: one place per form. */
export type FormCodec<V extends FormValues> = {
  /** Values of a new item. */
  empty: () => V;
  /** Form values from an item read from the API. */
  fromItem: (item: Item) => V;
  /** The values as the resource's schema takes them (variable rows as a map, say); the body is its output. */
  toInput?: (values: V, isNew: boolean) => Record<string, unknown>;
  /** Checks the schema cannot express (each variable needs both key and value, say); `item` is the stored record. */
  check?: (values: V, item: Item | null) => FieldError[];
};

/** Does a failing path (`profile.0.key`) belong to one of a tab's fields (`profile`)? */
export function tabHolds(tab: { fields?: readonly string[] }, path: string): boolean {
  return (tab.fields ?? []).some((f) => path === f || path.startsWith(`${f}.`));
}
