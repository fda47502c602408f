import { type CalendarInput, calendarProblems, defaultWorkWeek, type ExceptRow } from '@switchboard/model';
import type { FormCodec } from '../../../kit/edit/form';

/**
 * A calendar as the form holds it: the schema's body, with no time zone until one is chosen.
 * startAt and endAt (epoch milliseconds) are kept while expires is off so switching it on again shows them.
 */
export type CalendarValues = Omit<CalendarInput, 'timezone'> & { timezone: CalendarInput['timezone'] | null };

/** A new calendar: Monday to Friday at the default hours; start and end default to now. */
export function emptyCalendar(now = Date.now()): CalendarValues {
  return {
    name: '',
    description: '',
    timezone: null,
    expires: false,
    startAt: now,
    endAt: now,
    accepts: defaultWorkWeek(),
    excepts: [],
  };
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

export function calendarFromItem(item: Record<string, unknown>): CalendarValues {
  const now = Date.now();
  return {
    name: typeof item.name === 'string' ? item.name : '',
    description: typeof item.description === 'string' ? item.description : '',
    timezone: (item.timezone as { name: string } | null) ?? null,
    expires: item.expires === true,
    startAt: num(item.startAt) ?? now,
    endAt: num(item.endAt) ?? now,
    accepts: Array.isArray(item.accepts) ? (item.accepts as CalendarInput['accepts']) : [],
    excepts: Array.isArray(item.excepts) ? (item.excepts as ExceptRow[]) : [],
  };
}

/** The body: when expires is off, startAt and endAt are not sent (spec part 1 section 3). */
export function calendarToInput(values: CalendarValues): Record<string, unknown> {
  const { startAt, endAt, timezone, ...rest } = values;
  const body: Record<string, unknown> = { ...rest, timezone: timezone ?? undefined };
  if (values.expires) {
    body.startAt = startAt;
    body.endAt = endAt;
  }
  return body;
}

/** The calendar form: a new calendar starting now, read, sent and checked as the server checks it. */
export const calendarCodec: FormCodec<CalendarValues> = {
  empty: () => emptyCalendar(),
  fromItem: calendarFromItem,
  toInput: calendarToInput,
  check: (values) => calendarProblems(values),
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch milliseconds as a `datetime-local` value in the browser's zone. */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(text: string): number | null {
  if (!text) return null;
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? null : ms;
}

/** Holidays from a file appended to the list, without repeating one already there (same name and day). */
export function mergeHolidays(current: ExceptRow[], imported: ExceptRow[]): ExceptRow[] {
  const seen = new Set(current.map((h) => `${h.name}\u0000${h.date}`));
  const out = [...current];
  for (const h of imported) {
    const key = `${h.name}\u0000${h.date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(h);
  }
  return out;
}
