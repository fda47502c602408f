/** What the run of an import and its checking and loading phases share. */
import { type ErrorKey, type ErrorParams, errorDetail } from '@switchboard/model';
import type { AppContext } from '../../context.js';
import type { RawTx } from '../../db/raw.js';
import type { Importer, ImportScope } from './importer.js';

/** The `imports` row as the job reads it. */
export type ImportRecord = {
  id: number;
  domain_id: number;
  user_id: number | null;
  user_ip: string;
  resource: string;
  parent_id: number | null;
  file_name: string;
  file_path: string;
  bytes: number | string;
  mode: 'all' | 'skip' | 'dry';
  charset: string;
  separator: string;
  header: boolean;
  mapping: Record<string, number> | null;
  state: string;
  phase: 'checking' | 'loading' | null;
  bytes_read: number | string;
  rows_read: number;
  rows_to_load: number;
  rows_loaded: number;
  rows_failed: number;
  rows_skipped: number;
  options: Record<string, unknown> | null;
  checked_through: number;
  loaded_through: number;
};

export const stagingTable = (id: number) => `import_staging_${id}`;
/** The tables of a run beside its staging table (a settle's keys), dropped with it. */
export const scratchTables = (staging: string) => [`${staging}_keys`, `${staging}_targets`];

/**
 * Lets the event loop take its I/O turn. On PGlite a statement runs synchronously inside a
 * promise, so back-to-back chunks (and parsing buffered records) are one long chain of
 * microtasks in which no request is even read; every chunk and every few hundred rows yield.
 */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Rows parsed and checked between two yields. */
export const ROWS_PER_YIELD = 250;

/** An import ended before its rows were all read: the state and message it ends with. */
export class Ended extends Error {
  constructor(
    readonly state: 'failed' | 'cancelled',
    readonly key: ErrorKey,
    readonly params: ErrorParams = {},
  ) {
    super(errorDetail(key, params));
  }
}

export type Mark = (tx: RawTx, set: string, params: unknown[]) => Promise<boolean>;

/**
 * What a run hands each of its phases: the import (its importer, scope and staging table), the
 * watermark update of a chunk (answers whether a cancel was asked for), the progress notice
 * (`force`: now, not at most every so often) and the check between chunks for a shutdown.
 */
export type PhaseRun = {
  ctx: AppContext;
  importer: Importer;
  scope: ImportScope;
  staging: string;
  mark: Mark;
  progress: (force?: boolean) => Promise<void>;
  goOn: () => void;
};
export type Outcome = { end?: { state: 'done' | 'failed' | 'cancelled'; key?: ErrorKey; params?: ErrorParams } };

/** Another run took the import over (this one was thought dead): stop without touching it. */
export class LostClaim extends Error {}

/** The server is shutting down: the run gives its import back at a chunk's end, to be resumed. */
export class Stopping extends Error {}
