import { IMPORT_SEPARATORS, type ImportCharset, type ImportSeparator } from '@switchboard/model';

/** How much of the file the browser reads for the preview. */
export const PREVIEW_BYTES = 64 * 1024;
/** Data rows the preview shows. */
export const PREVIEW_ROWS = 5;

/**
 * Splits CSV text into rows of cells, RFC 4180 style: a quoted cell may hold the separator, line
 * breaks and doubled quotes. Stops after `limit` rows; blank lines are skipped as the server does.
 * When `partial`, the text is a cut-off head of the file and its last, maybe unfinished, row is dropped.
 */
export function parseCsv(text: string, separator: ImportSeparator, limit = Number.POSITIVE_INFINITY, partial = false) {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    cell = '';
  };
  while (i < text.length && rows.length < limit) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      endRow();
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else cell += ch;
    i += 1;
  }
  const cut = i < text.length;
  if (!cut && !partial && (cell !== '' || row.length > 0)) endRow();
  return rows.slice(0, limit);
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
