import { z } from 'zod';

/**
 * CSV imports (one pipeline for every resource that takes them). The file is uploaded as
 * multipart to `POST /api{resource path}/import` and stored on the server; a job checks every
 * row, then loads the good ones in chunks. Progress is at `GET /api/imports/{id}` and on the live
 * stream (topic `imports`, to the user who started it); the per-row report is at
 * `GET /api/imports/{id}/errors` (JSON pages) and `/errors.csv`.
 */

/**
 * - `dry`: check every row and report; change nothing.
 * - `all`: all or nothing: a single bad row loads nothing.
 * - `skip`: load the good rows, report the bad ones.
 */
export const IMPORT_MODES = ['all', 'skip', 'dry'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** Character sets a file may be in (names as TextDecoder takes them). */
export const IMPORT_CHARSETS = ['utf-8', 'windows-1251', 'koi8-r', 'iso-8859-1', 'utf-16le'] as const;
export type ImportCharset = (typeof IMPORT_CHARSETS)[number];

/** Cell separators; `\t` is a tab. */
export const IMPORT_SEPARATORS = [',', ';', '\t', '|'] as const;
export type ImportSeparator = (typeof IMPORT_SEPARATORS)[number];

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** `checking` reads and checks the file; `loading` writes its good rows. */
export const IMPORT_PHASES = ['checking', 'loading'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** The live stream topic of import progress. */
export const IMPORTS_TOPIC = 'imports';

/** One column an import reads: the record field, whether a row needs it, the header names taken for it. */
export type ImportColumn = { field: string; required?: boolean; aliases?: readonly string[] };

/**
 * What a resource's CSV import reads. Without a header row (or a mapping), the cells are taken in
 * `columns` order. With one, each header cell names a column by its field or an alias (any case);
 * a header cell naming none is an error unless `mapping` lets the file pick its columns.
 */
export type ImportSpec = {
  columns: readonly ImportColumn[];
  /** The dialog lets the administrator map the file's columns to fields. */
  mapping: boolean;
};

/** The options of an upload besides the file (multipart fields of the same names). */
export const importOptions = z.object({
  mode: z.enum(IMPORT_MODES, { error: `Should be one of ${IMPORT_MODES.join(', ')}` }).default('all'),
  charset: z.enum(IMPORT_CHARSETS, { error: `Should be one of ${IMPORT_CHARSETS.join(', ')}` }).default('utf-8'),
  separator: z.enum(IMPORT_SEPARATORS, { error: 'Should be one of , ; | or a tab' }).default(','),
  /** The first row names the columns. */
  header: z
    .enum(['true', 'false'], { error: 'Should be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  /** Field → column number (from 0), as JSON text; overrides the header's names. */
  mapping: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return null;
      try {
        const value = JSON.parse(text) as unknown;
        const parsed = z.record(z.string(), z.number().int().min(0).max(999)).safeParse(value);
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'Should map fields to column numbers, as JSON' });
      return z.NEVER;
    }),
});
export type ImportOptions = z.output<typeof importOptions>;

/** An import as `GET /api/imports/{id}` answers it. */
export const importItem = z.object({
  id: z.number(),
  /** The resource imported into (its model name). */
  resource: z.string(),
  /** The parent record of a nested resource (a blacklist's id for its numbers). */
  parentId: z.number().nullable(),
  fileName: z.string(),
  bytes: z.number(),
  mode: z.enum(IMPORT_MODES),
  charset: z.enum(IMPORT_CHARSETS),
  separator: z.enum(IMPORT_SEPARATORS),
  header: z.boolean(),
  mapping: z.record(z.string(), z.number()).nullable(),
  state: z.enum(IMPORT_STATES),
  phase: z.enum(IMPORT_PHASES).nullable(),
  /** Bytes of the file read so far (the checking phase's progress). */
  bytesRead: z.number(),
  /** Data rows read (header excluded). */
  rowsRead: z.number(),
  /** Rows that will be loaded once checked (the loading phase's total). */
  rowsToLoad: z.number(),
  rowsLoaded: z.number(),
  rowsFailed: z.number(),
  /** Rows left out on purpose (duplicate destinations of a member import under the skip policy). */
  rowsSkipped: z.number(),
  /** Why the import failed or stopped, when it did; `errorKey` renders it in the console's language. */
  error: z.string().nullable(),
  errorKey: z.string().nullable(),
  errorParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportItem = z.infer<typeof importItem>;

/** One line of an import's report: the file's line (from 1, header included), the field and why. */
export const importError = z.object({ line: z.number(), field: z.string(), message: z.string() });
export type ImportErrorRow = z.infer<typeof importError>;

/** An import still under way. */
export const importRunning = (state: ImportState) => state === 'queued' || state === 'running';
