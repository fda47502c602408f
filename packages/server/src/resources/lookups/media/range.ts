import rangeParser from 'range-parser';

/** The bytes a Range header asks for, inclusive; `unsatisfiable` answers 416. */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (read by `range-parser`).
 * Null (serve the whole file with 200) for no header, another unit, several ranges or a malformed
 * one: a server may always ignore Range, and the player asks for one range at a time.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (header?.split('=')[0].trim().toLowerCase() !== 'bytes') return null;
  const ranges = rangeParser(size, header);
  if (ranges === -2) return null;
  if (ranges === -1) return 'unsatisfiable';
  if (ranges.length !== 1) return null;
  return { start: ranges[0].start, end: ranges[0].end };
}
