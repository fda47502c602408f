import type { ListFilter } from '@switchboard/model';

/** The values of a list's filters as the URL holds them, by param (a param may repeat). */
export type FilterValues = Record<string, readonly string[]>;

/** A `yyyy-mm-dd` day as epoch ms in the browser's time zone: `from` at its start, `to` at its end. */
export function dayBound(day: string | undefined, end: boolean): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d);
  // 2025-02-31 rolls into March: no such day, no bound.
  return date.getDate() === d ? date.getTime() : undefined;
}

const numberOf = (raw: string | undefined) => {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * The API params of the filters' values. A value the filter does not know (an option it lacks, a
 * day that is no day) is left out rather than sent, as if that filter were not set.
 */
export function filterQuery(
  filters: readonly ListFilter[],
  values: FilterValues,
): Record<string, string | number | readonly string[]> {
  const out: Record<string, string | number | readonly string[]> = {};
  const put = (param: string, value: string | number | readonly string[] | undefined) => {
    if (value !== undefined) out[param] = value;
  };
  for (const filter of filters) {
    switch (filter.kind) {
      case 'enum': {
        const chosen = (values[filter.key] ?? []).filter((v) => filter.options.includes(v));
        if (chosen.length) put(filter.key, filter.multiple ? chosen : chosen[0]);
        break;
      }
      case 'ref': {
        const id = values[filter.key]?.[0];
        if (id && /^[1-9]\d*$/.test(id)) put(filter.key, id);
        break;
      }
      case 'dateRange':
        put(filter.from, dayBound(values[filter.from]?.[0], false));
        put(filter.to, dayBound(values[filter.to]?.[0], true));
        break;
      case 'text': {
        const value = values[filter.key]?.[0]?.trim();
        if (value) put(filter.key, value);
        break;
      }
      case 'numberRange':
        put(filter.min, numberOf(values[filter.min]?.[0]));
        put(filter.max, numberOf(values[filter.max]?.[0]));
        break;
    }
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as a date input holds it (`yyyy-mm-dd`), in the browser's time zone. */
export const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * The values filters start from while the URL says nothing of them: both ends of a date range
 * marked `today` hold today; one `since: 'previousMonth'` runs from the first of the previous month
 * to today. A cleared one is kept in the URL as an empty param.
 */
export function filterDefaults(filters: readonly ListFilter[], now = new Date()): FilterValues {
  const out: Record<string, readonly string[]> = {};
  for (const filter of filters) {
    if (filter.kind === 'dateRange' && filter.today) {
      out[filter.from] = [dayOf(now)];
      out[filter.to] = [dayOf(now)];
    } else if (filter.kind === 'dateRange' && filter.since === 'previousMonth') {
      out[filter.from] = [dayOf(new Date(now.getFullYear(), now.getMonth() - 1, 1))];
      out[filter.to] = [dayOf(now)];
    }
  }
  return out;
}
