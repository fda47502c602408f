/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return,
 * let one hide behind them). A text cell starting with one is neutralised on export.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made inert for spreadsheets: a leading apostrophe, which spreadsheets take as
 * "this is text" and do not show. `restoreCsvCell` undoes it, so an exported file imports back
 * unchanged.
 */
export function neutraliseCsvCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text an import should take from a cell that `neutraliseCsvCell` may have changed. */
export function restoreCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

const isRef = (v: unknown): v is { name: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'name' in v;

/** A reference whose name the reader may not see: the answer holds its id alone. */
const isHiddenRef = (v: unknown): v is { id: number } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && 'id' in v;

/**
 * The text of a reference: its name, or its id where the reader may not see the name (the
 * export says which record without naming it).
 */
export function refText(value: unknown): string {
  if (isRef(value)) return plain(value.name);
  if (isHiddenRef(value)) return String(value.id);
  return '';
}

/**
 * One value as plain text: a reference by its name (its id where hidden), a list joined with
 * "; ", other objects as JSON.
 */
function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(plain).join('; ');
  if (isRef(value) || isHiddenRef(value)) return refText(value);
  return JSON.stringify(value);
}

/**
 * The CSV cell of an API field value. Numbers and booleans are written as they are (a negative
 * number stays a number); any text, including names of references, is neutralised.
 */
export function csvCell(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return neutraliseCsvCell(plain(value));
}
