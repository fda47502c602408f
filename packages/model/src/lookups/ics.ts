import type { ExceptRow } from './calendars.js';

/** Folded lines (RFC 5545 3.1): a line break followed by one space or tab continues the line. */
function unfold(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

/** TEXT values escape backslash, semicolon, comma and new line (RFC 5545 3.3.11). */
function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? ' ' : ch)).trim();
}

/** `NAME;PARAM=x:VALUE` → name, params, value (a colon inside a quoted parameter is no separator). */
function contentLine(line: string): { name: string; params: string; value: string } | null {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ':' && !quoted) {
      const head = line.slice(0, i);
      const semi = head.indexOf(';');
      return {
        name: (semi < 0 ? head : head.slice(0, semi)).toUpperCase(),
        params: semi < 0 ? '' : head.slice(semi + 1),
        value: line.slice(i + 1),
      };
    }
  }
  return null;
}

/** The calendar day of a DATE (`20250101`) or DATE-TIME (`20250101T090000Z`) value as `2025-01-01`. */
function isoDay(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/**
 * Holidays from an iCalendar file: one per VEVENT with a SUMMARY (the name) and a DTSTART (the
 * day; `VALUE=DATE` or a date-time, whose date part is taken as written). An RRULE with
 * FREQ=YEARLY makes it repeat every year. Events without a name or a day are skipped.
 */
export function parseIcsHolidays(text: string): ExceptRow[] {
  const out: ExceptRow[] = [];
  let event: { name: string; date: string | null; repeat: boolean } | null = null;
  let depth = 0;
  for (const raw of unfold(text)) {
    const line = contentLine(raw);
    if (!line) continue;
    const value = line.value;
    if (line.name === 'BEGIN') {
      if (value.trim().toUpperCase() === 'VEVENT' && !event) {
        event = { name: '', date: null, repeat: false };
        depth = 0;
      } else if (event) depth++;
      continue;
    }
    if (line.name === 'END') {
      if (event && depth > 0) depth--;
      else if (event && value.trim().toUpperCase() === 'VEVENT') {
        if (event.name && event.date) out.push({ name: event.name, date: event.date, repeat: event.repeat });
        event = null;
      }
      continue;
    }
    // Properties of nested components (VALARM) are not the event's.
    if (!event || depth > 0) continue;
    if (line.name === 'SUMMARY') event.name = unescapeText(value);
    else if (line.name === 'DTSTART') event.date = isoDay(value);
    else if (line.name === 'RRULE') event.repeat = /(^|;)FREQ=YEARLY(;|$)/i.test(value.trim());
  }
  return out;
}
