import type { ProtectedReason } from '@switchboard/model';

/** Why the server refuses the viewer taking a user down: their own user, or its `protectedBy`. */
export type UserKept = 'self' | Exclude<ProtectedReason, 'held'>;

/**
 * What the signed-in user may not do to this user, by the server's rules (its answer's `protected`
 * and `protectedBy`, and one's own user): null where nothing is refused.
 * - self: no deactivating, deleting or taking roles away (renaming stays);
 * - stronger: no renaming, deactivating, deleting or taking roles away;
 * - lastAdministrator: no deactivating, deleting or taking roles away.
 */
export function userKept(
  row: { id?: unknown; protected?: unknown; protectedBy?: unknown },
  viewerId?: number,
): UserKept | null {
  if (viewerId !== undefined && row.id === viewerId) return 'self';
  if (row.protectedBy === 'lastAdministrator') return 'lastAdministrator';
  // A mark without its reason is taken as the strictest.
  if (row.protected === true || row.protectedBy === 'stronger') return 'stronger';
  return null;
}
