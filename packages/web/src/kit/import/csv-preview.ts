import { IMPORT_SEPARATORS, type ImportCharset, type ImportSeparator } from '@switchboard/model';
import { parse } from 'csv-parse/browser/esm/sync';

/** Line ends a file may use, even mixed (as the server reads them). */
const RECORD_DELIMITERS = ['\r\n', '\n', '\r'];

/** The word of each separator in the translations (`…separators.comma`). */
export const SEPARATOR_NAMES: Record<ImportSeparator, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
};

/** How much of the file the browser reads for the preview. */
export const PREVIEW_BYTES = 64 * 1024;
/** Data rows the preview shows. */
export const PREVIEW_ROWS = 5;

/**
 * Rows of cells of CSV text (csv-parse, as the server reads the file): quoted cells may hold the
 * separator, line breaks and doubled quotes; blank lines are skipped. Stops after `limit` rows.
 * When `partial`, the text is a cut-off head of the file and its last, maybe unfinished, row is
 * dropped. A head that is not CSV in this separator answers the rows read before the fault.
 */
export function parseCsv(text: string, separator: ImportSeparator, limit = Number.POSITIVE_INFINITY, partial = false) {
  let head = text;
  if (partial) {
    const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
    head = cut >= 0 ? head.slice(0, cut + 1) : '';
  }
  const rows: string[][] = [];
  try {
    const parsed = parse(head, {
      delimiter: separator,
      bom: true,
      skip_empty_lines: true,
      record_delimiter: RECORD_DELIMITERS,
      relax_column_count: true,
      // The preview shows stray quotes as they are; the server reports them on their line.
      relax_quotes: true,
      to: Number.isFinite(limit) ? limit : undefined,
    }) as string[][];
    rows.push(...parsed);
  } catch (error) {
    // A cut inside a quoted cell, or text that is no CSV: show what came before it.
    const partialRows = (error as { records?: string[][] }).records;
    if (Array.isArray(partialRows)) rows.push(...partialRows);
  }
  return rows.slice(0, limit);
}

/** The rows of the head of a file as a character set and a separator read it: a header and the preview's rows. */
export function previewRows(
  head: { bytes: ArrayBuffer; partial: boolean },
  charset: ImportCharset,
  separator: ImportSeparator,
) {
  return parseCsv(decodeHead(head.bytes, charset), separator, PREVIEW_ROWS + 1, head.partial);
}

/** How many columns rows of cells take: the length of the longest. */
export function widthOf(rows: readonly (readonly string[])[]): number {
  return rows.reduce((n, row) => Math.max(n, row.length), 0);
}

/** The separator that splits the first line into the most cells (outside quotes); a comma when none does. */
export function guessSeparator(text: string): ImportSeparator {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  let best: ImportSeparator = ',';
  let most = 1;
  for (const sep of IMPORT_SEPARATORS) {
    const cells = parseCsv(first, sep, 1)[0]?.length ?? 0;
    if (cells > most) {
      most = cells;
      best = sep;
    }
  }
  return best;
}

/** Decodes the head of a file in a character set; a byte-order mark is dropped. */
export function decodeHead(bytes: ArrayBuffer, charset: ImportCharset): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Reads the first PREVIEW_BYTES of a file; answers the bytes and whether the file goes on past them. */
export async function readHead(file: Blob): Promise<{ bytes: ArrayBuffer; partial: boolean }> {
  const bytes = await file.slice(0, PREVIEW_BYTES).arrayBuffer();
  return { bytes, partial: file.size > PREVIEW_BYTES };
}
