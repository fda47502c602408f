import type { ProtectedReason } from '@switchboard/model';

/**
 * What the signed-in user may not do to this role, by the server's rules (its answer's `protected`
 * and `protectedBy`, and the roles one holds), null where nothing is refused:
 * - held, lastAdministrator: its rights may be raised (within one's own), not reduced; no delete;
 * - stronger: nothing changes (name, rights, two-factor requirement); no delete.
 */
export function roleKept(
  row: { id?: unknown; protected?: unknown; protectedBy?: unknown },
  heldIds: readonly number[],
): ProtectedReason | null {
  if (typeof row.id === 'number' && heldIds.includes(row.id)) return 'held';
  if (row.protectedBy === 'held' || row.protectedBy === 'lastAdministrator') return row.protectedBy;
  // A mark without its reason is taken as the strictest.
  if (row.protected === true || row.protectedBy === 'stronger') return 'stronger';
  return null;
}
