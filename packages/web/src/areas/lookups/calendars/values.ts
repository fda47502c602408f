import { type AcceptRow, defaultWorkWeek, type ExceptRow, MINUTES_PER_DAY } from '@switchboard/model';

export type CalendarValues = {
  name: string;
  description: string;
  timezone: { name: string } | null;
  expires: boolean;
  /** Epoch milliseconds; kept while expires is off so switching it on again shows them. */
  startAt: number | null;
  endAt: number | null;
  accepts: AcceptRow[];
  excepts: ExceptRow[];
};

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
    accepts: Array.isArray(item.accepts) ? (item.accepts as AcceptRow[]) : [],
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

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes of the day as `HH:MM` (1440 is the end of the day, `24:00`). */
export function minutesToTime(minutes: number): string {
  const m = Math.max(0, Math.min(MINUTES_PER_DAY, Math.trunc(minutes)));
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** `HH:MM` as minutes of the day; an empty or broken value is 0. */
export function timeToMinutes(text: string): number {
  const m = /^(\d{1,2}):(\d{2})/.exec(text);
  if (!m) return 0;
  return Math.min(MINUTES_PER_DAY, Number(m[1]) * 60 + Number(m[2]));
}

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
