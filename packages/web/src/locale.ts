/**
 * The spec names Ukrainian `ua` (its country code); browsers and `Intl` know the language as `uk`
 * and quietly fall back to US English for `ua`.
 */
export function localeOf(lang: string): string {
  return lang === 'ua' ? 'uk' : lang;
}

/** A date and time as the interface language writes it; an unreadable value shows as nothing. */
export function formatDateTime(value: unknown, lang: string): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(localeOf(lang));
}

/** A count as the interface language writes it (50,000; 50 000). */
export function formatCount(value: number, lang: string): string {
  return value.toLocaleString(localeOf(lang));
}

const collators = new Map<string, Intl.Collator>();

/**
 * Compares names as the interface language sorts them, case and accents aside ("admin" before
 * "Ux Supervisor"; "ґ" after "г" in Ukrainian), numbers by value ("Queue 2" before "Queue 10").
 */
export function compareNames(lang: string): (a: string, b: string) => number {
  const locale = localeOf(lang);
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator.compare;
}
