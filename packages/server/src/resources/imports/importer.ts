import type { ImportSpec, ResourceDef } from '@switchboard/model';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import type { RawTx } from '../../db/raw.js';
import type { Compiled } from '../engine/compile.js';

/** Who an import runs for and where its rows go. */
export type ImportScope = {
  importId: number;
  domainId: number;
  parentId: number | null;
  userId: number | null;
  userIp: string;
};

/** A column of the resource's table that an import fills, from the checked record. */
export type TargetColumn = {
  column: string;
  value: (record: Record<string, unknown>) => string | null;
  /** SQL type the staged text is cast to on load (`timestamptz`, say); text when absent. */
  cast?: string;
};

/** Parameters of a statement under construction: `p(value)` answers its placeholder. */
export type Params = { p(value: unknown): string };

/**
 * What one resource's CSV import needs beyond the pipeline: how cells become a record (checked
 * by the model's schema), the record's key for duplicates, and how records land in its table.
 */
export type Importer = {
  def: ResourceDef & { import: ImportSpec };
  compiled: Compiled;
  /** The record a row's cells (by field, trimmed) make, before the schema checks it. */
  prepare?: (cells: Record<string, string>) => Record<string, unknown>;
  /** The model schema a record must pass (the create input of the resource, or a row schema). */
  schema: z.ZodType;
  /** The field whose value is the key: reported on duplicate and taken rows. */
  keyField: string;
  /** The key of a checked record (as the table's unique index compares it). */
  key: (record: Record<string, unknown>) => string;
  /** The resource's table and the columns a record fills; `fixed` are the scope's (domain, parent). */
  table: string;
  columns: readonly TargetColumn[];
  fixed: (scope: ImportScope) => Record<string, number>;
  /** SQL: the keys already in the table for this scope, as a relation `(key)`, e.g. `select number as key from …`. */
  takenKeys: (scope: ImportScope, params: Params) => string;
  /** SQL over the inserted rows (returning): the key expression, e.g. `lower(account)`. */
  insertedKey: string;
  /** Messages of the report; `{{line}}` in the duplicate one is the line of the key's first row. */
  duplicateMessage: string;
  takenMessage: string;
  /**
   * Further statements for the inserted rows, as CTEs over `ins` (which returns `id` and the
   * key): record permissions of new records, change-log entries.
   */
  afterInsert?: (scope: ImportScope, params: Params, roles: ImportRoles) => string[];
  /**
   * The change-log object of the record an import loads into (its parent): one entry on it says
   * what was imported and how many rows. Default: the parent's (blacklist numbers: `blacklists`).
   */
  logObject?: string;
  /** Live topic to nudge once rows are loaded, so open lists read again. */
  topic?: string;
  /**
   * No upload route of its own (`POST {path}/import`): another route records its imports (a
   * CSV import template runs one into its queue).
   */
  noUpload?: boolean;
  /**
   * Reads rows its own way instead of `columnsOf` and `schema`: given the import's `options` and
   * the header row (null without one), answers the header's problems, or how a row's cells (all
   * of them, several may feed one field) become a record or the row's problems.
   */
  reader?: (
    ctx: AppContext,
    scope: ImportScope,
    options: Record<string, unknown>,
    header: string[] | null,
  ) => Promise<RowReader>;
  /**
   * Finds duplicates its own way, once every row is checked (both drivers), instead of the key
   * checks, in steps: each `step(work)` is one transaction in which the rows `work` reports as
   * failed or skipped (taken out of the staging table by the same statement) are counted, and
   * requests are let in between steps. A run resumed after a crash settles again from the start:
   * each step must find nothing more in rows an earlier run already settled.
   */
  settle?: (
    raw: Database['raw'],
    scope: ImportScope,
    staging: string,
    options: Record<string, unknown>,
    step: SettleStep,
  ) => Promise<void>;
  /** Runs in the transaction that starts the loading phase (once, even across restarts). */
  onLoading?: (tx: RawTx, scope: ImportScope, options: Record<string, unknown>) => Promise<void>;
  /** Loads the staged lines `from < line <= to` its own way; answers the rows written. */
  loadRange?: (
    tx: RawTx,
    scope: ImportScope,
    staging: string,
    range: { from: number; to: number },
    options: Record<string, unknown>,
  ) => Promise<number>;
};

/** Rows a settle step reported and took out of the staging table. */
export type Settled = { failed: number; skipped: number };
/** Runs one step of a settle in its own transaction (see `Importer.settle`). */
export type SettleStep = (work: (tx: RawTx) => Promise<Settled | undefined>) => Promise<void>;

/** How rows of one import become records (see `Importer.reader`). */
export type RowReader = {
  problems: { field: string; message: string }[];
  read: (cells: string[]) => { record: Record<string, unknown> } | { errors: { field: string; message: string }[] };
};

/** Record rights of new records: role → rights bits (the creator's roles and their default grantees). */
export type ImportRoles = { grants: Map<number, number> };

const importers = new Map<string, Importer>();

/** Declares a resource's importer; its upload route is registered with the import routes. */
export function registerImporter(importer: Importer): Importer {
  if (importers.has(importer.def.name)) throw new Error(`${importer.def.name}: importer declared twice`);
  importers.set(importer.def.name, importer);
  return importer;
}

export const importerOf = (resource: string) => importers.get(resource);
export const allImporters = () => [...importers.values()];
