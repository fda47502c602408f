import type { ProtectedReason } from '@switchboard/model';
import { refuseNoAdministratorLeft } from '../../access/takedown.js';
import { invalidateAuth } from '../../auth/cache.js';
import type { Principal } from '../../core/principal.js';
import type { Db } from '../../db/client.js';
import type { ResourceBinding } from '../engine/types.js';

/** Which of these records a viewer may not take down, and by which rule. */
type FindProtected = (db: Db, viewer: Principal, ids: number[]) => Promise<Map<number, ProtectedReason>>;

/**
 * The hooks of the records that carry rights (users, roles): a delete never leaves the domain
 * without an administrator, a change drops the kept sessions (their rights come from these
 * records), and the console is told which records the viewer may not take down, by the rule that
 * refuses it.
 */
export function rightsHolderHooks(
  findProtected: FindProtected,
): Pick<ResourceBinding, 'afterDelete' | 'afterCommit' | 'decorate'> {
  return {
    afterDelete: (tx, _items, ctx) => refuseNoAdministratorLeft(tx, ctx.principal.domainId),
    afterCommit: (app) => invalidateAuth(app),
    decorate: async (db, viewer, rows) => {
      const ids = rows.map((r) => r.id).filter((id): id is number => typeof id === 'number');
      const found = await findProtected(db, viewer, ids);
      for (const row of rows) {
        const reason = found.get(row.id as number) ?? null;
        row.protected = reason !== null;
        row.protectedBy = reason;
      }
    },
  };
}
