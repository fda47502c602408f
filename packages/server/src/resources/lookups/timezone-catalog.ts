import { isTimezone, type TimezoneEntry, UTC_ZONE } from '@switchboard/model';
import { getAllTimezones } from 'countries-and-timezones';

/** A zone of the picker: its current IANA name, the old names that mean it, its offset now. */
export type CatalogZone = { name: string; aliases: string[] };

/** The zone the catalog calls UTC (`Etc/UTC` in IANA; people look for UTC). */
const ETC_UTC = 'Etc/UTC';

let catalog: readonly CatalogZone[] | null = null;
let current: ReadonlyMap<string, string> | null = null;

function build() {
  const all = Object.values(getAllTimezones({ deprecated: true }));
  const shown = (name: string) => (name === ETC_UTC ? UTC_ZONE : name);
  const zones = new Map<string, string[]>();
  // The runtime's Intl must take a name for offsets and checks to work: others are left out.
  for (const z of all) if (!z.aliasOf && isTimezone(shown(z.name))) zones.set(shown(z.name), []);
  const renamed = new Map<string, string>();
  for (const z of all) {
    if (!z.aliasOf) continue;
    const target = shown(z.aliasOf);
    if (!zones.has(target) || z.name === target) continue;
    zones.get(target)?.push(z.name);
    renamed.set(z.name, target);
  }
  catalog = [...zones]
    .map(([name, aliases]) => ({ name, aliases: aliases.sort() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  current = renamed;
}

/**
 * The time zones the picker offers: IANA's current names (Europe/Kyiv, Asia/Kolkata), each with
 * the old names that still mean it (Europe/Kiev), sorted by name; built once from a maintained
 * copy of the IANA database, so the runtime's older ICU names do not leak in.
 */
export function timezoneCatalog(): readonly CatalogZone[] {
  if (!catalog) build();
  return catalog ?? [];
}

/** The current name of a zone given by an old one (Europe/Kiev → Europe/Kyiv); others unchanged. */
export function currentZoneName(name: string): string {
  if (!current) build();
  return current?.get(name) ?? name;
}

/** `+05:30` read as people type it: `+5:30`, `+05`, `+5`, `utc+5`, `gmt+05:30`. */
function offsetForms(offset: string): string[] {
  const m = /^([+-])(\d\d):(\d\d)$/.exec(offset);
  if (!m) return [offset];
  const [, sign, hh, mm] = m;
  const h = String(Number(hh));
  const short = mm === '00' ? [`${sign}${hh}`, `${sign}${h}`] : [`${sign}${h}:${mm}`];
  const bare = [offset, ...short];
  return [...bare, ...bare.flatMap((o) => [`utc${o}`, `gmt${o}`])];
}

/** Lower case, underscores read as spaces (`new york` finds America/New_York). */
const fold = (text: string) => text.toLowerCase().replaceAll('_', ' ');

/**
 * Does a zone match a search? Any part of its name, of an old name, of its city or of its offset
 * now, ignoring case (`kyiv`, `kiev`, `york`, `+05:30`, `utc+3`).
 */
export function zoneMatches(zone: CatalogZone, offset: string, term: string): boolean {
  const wanted = fold(term.trim());
  if (!wanted) return true;
  if ([zone.name, ...zone.aliases].some((n) => fold(n).includes(wanted))) return true;
  return offsetForms(offset).some((o) => o.includes(wanted));
}

/** One answer row of GET /calendars/timezones. */
export const zoneEntry = (zone: CatalogZone, offset: string): TimezoneEntry => ({
  id: zone.name,
  name: zone.name,
  offset,
  aliases: zone.aliases,
});
