import { writeChangeRaw } from '../../changelog/writer.js';
import type { RawTx } from '../../db/raw.js';
import type { Importer } from './importer.js';

/** What the entry of an import needs to know of it. */
type Ended = {
  id: number;
  domain_id: number;
  user_id: number | null;
  user_ip: string;
  parent_id: number | null;
  file_name: string;
  mode: string;
};

/**
 * A bulk change writes one entry on its parent record, not one per row: an import that loaded
 * rows into a record (a queue's members, a blacklist's numbers, a resource's display numbers) is
 * an update of that record whose new state says what came in, from which file, and how many rows.
 * Written in the transaction that ends the import, however it ends, when it loaded any row. Imports without a parent log each record
 * themselves (devices).
 */
export async function logImport(tx: RawTx, importer: Importer, row: Ended): Promise<void> {
  const object = importer.logObject ?? importer.def.parent?.resource.logObject;
  if (!object || row.parent_id === null || row.mode === 'dry') return;
  const [counts] = await tx.query<{ loaded: number; failed: number; skipped: number }>(
    'select rows_loaded as loaded, rows_failed as failed, rows_skipped as skipped from imports where id = $1',
    [row.id],
  );
  // Nothing loaded (a dry run, a refused file): the record did not change.
  if (!counts?.loaded) return;
  await writeChangeRaw(tx, {
    domainId: row.domain_id,
    object,
    action: 'update',
    userId: row.user_id,
    userIp: row.user_ip,
    recordId: row.parent_id,
    newState: {
      bulk: {
        action: 'import',
        resource: importer.def.name,
        importId: row.id,
        fileName: row.file_name,
        mode: row.mode,
        count: counts.loaded,
        failed: counts.failed,
        skipped: counts.skipped,
      },
    },
  });
}
