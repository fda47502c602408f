import { z } from 'zod';
import { messages } from '../messages.js';

/** The zone every list offers even where the runtime's list leaves it out (Node 20 does). */
export const UTC_ZONE = 'UTC';
export const TIMEZONE_UNKNOWN = 'Unknown time zone';

let catalog: readonly string[] | null = null;
let known: ReadonlySet<string> | null = null;

/** IANA time-zone names of the runtime, plus UTC, sorted; computed once on first use. */
export function timezoneNames(): readonly string[] {
  if (!catalog) {
    const names = new Set<string>(Intl.supportedValuesOf('timeZone'));
    names.add(UTC_ZONE);
    catalog = [...names].sort();
  }
  return catalog;
}

/** Area/Location (`America/Argentina/Buenos_Aires`, `Etc/GMT+3`), never an offset or an abbreviation. */
const ZONE_SHAPE = /^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/;
const accepted = new Map<string, boolean>();

/**
 * A zone of the catalog, or an IANA alias the runtime knows (the catalog lists one name per
 * zone: Node 20 has `Europe/Kiev` and still takes `Europe/Kyiv`).
 */
export function isTimezone(name: string): boolean {
  if (!known) known = new Set(timezoneNames());
  if (known.has(name)) return true;
  if (!ZONE_SHAPE.test(name)) return false;
  let ok = accepted.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      ok = true;
    } catch {
      ok = false;
    }
    // Bounded: names come from requests.
    if (accepted.size < 1000) accepted.set(name, ok);
  }
  return ok;
}

/**
 * The zone's offset from UTC now, as `+03:00` / `-04:30` (daylight saving included, so it may
 * change with the date).
 */
export function timezoneOffset(name: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // `GMT` alone means no offset; otherwise `GMT+03:00`.
  const offset = part?.replace(/^GMT/, '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/** A time zone as the console sends it: `{name, offset?}`; the offset is display-only and dropped. */
export const timezone = () =>
  z
    .object(
      { name: z.string({ error: messages.required }), offset: z.string().optional() },
      { error: messages.required },
    )
    // Checked on the object so the message lands on the field itself (`timezone`), where the form shows it.
    .refine((tz) => tz.name.trim() !== '', { error: messages.required, abort: true })
    .refine((tz) => isTimezone(tz.name.trim()), { error: TIMEZONE_UNKNOWN })
    .transform(({ name }) => ({ name: name.trim() }));

/** A time zone as the API answers it inside a record. */
export const timezoneOutput = () => z.object({ name: z.string() });

/** One entry of GET /calendars/timezones: the current IANA name, its offset now, its old names. */
export const timezoneEntry = z.object({
  id: z.string(),
  name: z.string(),
  offset: z.string(),
  aliases: z.array(z.string()),
});
export type TimezoneEntry = z.infer<typeof timezoneEntry>;
