import type { AcceptRow, ExceptRow } from '@switchboard/model';

export type CalendarData = {
  timezone: string;
  startAt: number | null;
  endAt: number | null;
  accepts: AcceptRow[];
  excepts: ExceptRow[];
};

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at `at`: its date (`YYYY-MM-DD`), weekday (0 Monday) and minute of the day. */
export function wallClock(zone: string, at: Date): { date: string; day: number; minute: number } {
  let format = formats.get(zone);
  if (!format) {
    // Throws RangeError for a zone the runtime does not know.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    if (formats.size > 500) formats.clear();
    formats.set(zone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(at)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    day: WEEKDAYS.indexOf(parts.weekday),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/**
 * Whether a calendar is open at `at`: inside its validity, not on one of its holidays (a `repeat`
 * holiday every year on that month and day), and inside a working range of that weekday, in the
 * calendar's own time zone. A range's end is exclusive.
 */
export function isCalendarOpen(calendar: CalendarData, at: Date): boolean {
  const ms = at.getTime();
  if (calendar.startAt !== null && ms < calendar.startAt) return false;
  if (calendar.endAt !== null && ms > calendar.endAt) return false;
  const now = wallClock(calendar.timezone, at);
  for (const holiday of calendar.excepts ?? []) {
    const date = String(holiday?.date ?? '').slice(0, 10);
    if (date === now.date || (holiday?.repeat && date.slice(5) === now.date.slice(5))) return false;
  }
  return (calendar.accepts ?? []).some(
    (row) => !row.disabled && row.day === now.day && row.startTimeOfDay <= now.minute && now.minute < row.endTimeOfDay,
  );
}
