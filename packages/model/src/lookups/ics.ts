import ICAL from 'ical.js';
import type { ExceptRow } from './calendars.js';

/** The calendar components of a file (one or several VCALENDARs, or bare VEVENTs); none when it cannot be read. */
function componentsOf(text: string): InstanceType<typeof ICAL.Component>[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return [];
  // One component is answered as its jCal array, several as an array of them.
  const list = typeof parsed[0] === 'string' ? [parsed] : parsed;
  return list.map((jcal) => new ICAL.Component(jcal));
}

/**
 * Holidays from an iCalendar file (read by `ical.js`): one per VEVENT with a SUMMARY (the name)
 * and a DTSTART (the day; `VALUE=DATE` or a date-time, whose date part is taken as written). An
 * RRULE with FREQ=YEARLY makes it repeat every year. Events without a name or a day are skipped;
 * nested components (VALARM) are not events.
 */
export function parseIcsHolidays(text: string): ExceptRow[] {
  const out: ExceptRow[] = [];
  for (const component of componentsOf(text)) {
    const events = component.name === 'vevent' ? [component] : component.getAllSubcomponents('vevent');
    for (const event of events) {
      const summary = event.getFirstPropertyValue('summary');
      const name = typeof summary === 'string' ? summary.replace(/\r?\n/g, ' ').trim() : '';
      const start = event.getFirstPropertyValue('dtstart');
      const rule = event.getFirstPropertyValue('rrule');
      if (!name || !(start instanceof ICAL.Time)) continue;
      const date = `${String(start.year).padStart(4, '0')}-${String(start.month).padStart(2, '0')}-${String(start.day).padStart(2, '0')}`;
      out.push({ name, date, repeat: rule instanceof ICAL.Recur && rule.freq === 'YEARLY' });
    }
  }
  return out;
}
