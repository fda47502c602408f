/** SIP response codes a resource may count as errors: the final responses 300 to 699. */
export const SIP_CODE_MIN = 300;
export const SIP_CODE_MAX = 699;

/** A SIP code or an inclusive range of codes, as parsed from `503` or `500-599`. */
export type SipCodeRange = { from: number; to: number };

const SINGLE = /^(\d{3})$/;
const RANGE = /^(\d{3})\s*-\s*(\d{3})$/;

const inBounds = (code: number) => code >= SIP_CODE_MIN && code <= SIP_CODE_MAX;

/**
 * Reads one entry of a resource's error list: a SIP code (`503`) or a range (`500-599`, low end
 * first), each code a final response between 300 and 699. Anything else is null.
 */
export function parseSipCodeRange(text: string): SipCodeRange | null {
  const value = text.trim();
  const single = SINGLE.exec(value);
  if (single) {
    const code = Number(single[1]);
    return inBounds(code) ? { from: code, to: code } : null;
  }
  const range = RANGE.exec(value);
  if (!range) return null;
  const from = Number(range[1]);
  const to = Number(range[2]);
  return inBounds(from) && inBounds(to) && from <= to ? { from, to } : null;
}

/** Whether a SIP response code falls into any entry of an error list. */
export function matchesSipCode(entries: readonly string[], code: number): boolean {
  return entries.some((entry) => {
    const range = parseSipCodeRange(entry);
    return range !== null && code >= range.from && code <= range.to;
  });
}
