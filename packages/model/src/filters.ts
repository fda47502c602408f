import type { AccessClass } from './access.js';

/**
 * A filter of a list over the item field `key`, declared on its resource definition. The console renders it above the list
 * and keeps its value in the URL beside the rest of the list state; the API reads the same params.
 * Its label is the i18n key `<resource>.filters.<key>`.
 */
export type ListFilter =
  /** One value of a fixed set (`multiple`: any of several, the param repeated). Option labels are `<labels>.<value>`, by default `<resource>.options.<key>`. */
  | { kind: 'enum'; key: string; options: readonly string[]; multiple?: boolean; labels?: string }
  /**
   * A record of another resource (`path` lists them); the param carries its id. `objClass` is the
   * class that lists them: without its read right the filter is not offered.
   */
  | { kind: 'ref'; key: string; path: string; objClass?: AccessClass }
  /**
   * Days from and to, sent as epoch milliseconds: `from` at the day's start, `to` at its end.
   * `today`: both ends start at today (a log), until cleared.
   */
  | {
      kind: 'dateRange';
      key: string;
      from: string;
      to: string;
      today?: boolean;
      /** `previousMonth`: starts from the first of the previous month to today, until cleared. */
      since?: 'previousMonth';
    }
  /** One exact value typed in (an address, say). */
  | { kind: 'text'; key: string }
  /** Numbers from and to, both included. */
  | { kind: 'numberRange'; key: string; min: string; max: string };

/** List params every list reads; no filter may take them. */
export const LIST_PARAMS = ['page', 'size', 'q', 'sort', 'fields', 'id'] as const;

/** The API (and URL) params of a filter. */
export function filterParams(filter: ListFilter): string[] {
  switch (filter.kind) {
    case 'dateRange':
      return [filter.from, filter.to];
    case 'numberRange':
      return [filter.min, filter.max];
    default:
      return [filter.key];
  }
}

/** Throws when two filters share a param or one takes a standard list param. */
export function checkFilters(resource: string, filters: readonly ListFilter[]): void {
  const seen = new Set<string>(LIST_PARAMS);
  for (const filter of filters) {
    for (const param of filterParams(filter)) {
      if (seen.has(param)) throw new Error(`${resource}: the filter param ${param} is taken`);
      seen.add(param);
    }
  }
}
