import { aclEntry, aclPatch } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changesToBits, checkRoles, heldRecordBits, readRecordAcl, writeRecordAcl } from '../../access/acl-store.js';
import { changedRights, unmanaged } from '../../access/delegation.js';
import { recordChecksOn } from '../../access/record-filter.js';
import { grantsByRole, writeActorChange } from '../../changelog/writer.js';
import { keyedError } from '../../core/errors.js';
import { doc, idParamDoc, paramId } from '../../core/route.js';
import { type SignedInRequest, signedInRoute } from '../../core/signed-in.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import type { Compiled } from './compile.js';
import { notFound } from './ops.js';

const aclAnswer = z.object({ items: z.array(aclEntry) });

async function recordExists(db: Db, c: Compiled, domainId: number, id: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from ${sql.raw(`"${c.table}"`)} where id = ${id} and domain_id = ${domainId}`,
  );
  return rows.length > 0;
}

async function currentBits(db: Db, cls: string, recordId: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ grantee: number; access: number }>(
    db,
    sql`select grantee_id as grantee, access from record_acl where class = ${cls} and record_id = ${recordId}`,
  );
  return new Map(rows.map((r) => [r.grantee, r.access]));
}

/**
 * Logs a change of a record's permissions (the security trail, object `record_acl`): the record's
 * class, name and grants by role name, before and after. Nothing when nothing changed.
 */
async function logRecordAcl(
  tx: Db,
  request: SignedInRequest,
  c: Compiled,
  cls: string,
  id: number,
  before: readonly { grantee: { name: string }; granted: string }[],
  after: readonly { grantee: { name: string }; granted: string }[],
) {
  const [old, now] = [grantsByRole(before), grantsByRole(after)];
  if (JSON.stringify(old) === JSON.stringify(now)) return;
  const [named] = await queryRows<{ name: string | null }>(
    tx,
    sql`select to_jsonb(r)->>'name' as name from ${sql.raw(`"${c.table}"`)} r where r.id = ${id}`,
  );
  const state = (grants: Record<string, string>) => ({ id, class: cls, name: named?.name ?? null, grants });
  await writeActorChange(tx, request, {
    object: 'record_acl',
    action: 'update',
    recordId: id,
    oldState: state(old),
    newState: state(now),
  });
}

/**
 * GET and PATCH {path}/{id}/acl. Reading needs the read right, changing the edit right on the
 * record. Under rbac, a caller without the global `write` permission changes only rights it
 * holds at manage level on the record (delegation); with rbac off the class edit right suffices.
 */
export function registerRecordAclRoutes(app: FastifyInstance, c: Compiled) {
  const cls = (c.recordClass ?? c.def.objClass) as string;
  const url = `/api${c.def.path}/:id/acl`;
  const name = c.def.name;
  const idOf = (request: SignedInRequest) => paramId(request, name);

  signedInRoute(app, {
    method: 'GET',
    url,
    config: { guard: { class: cls, right: 'r' }, resource: name },
    schema: doc(name, `Record permissions of a ${name} record`, { params: idParamDoc, response: { 200: aclAnswer } }),
    handler: async (request) => {
      const id = idOf(request);
      const db = request.server.ctx.db;
      if (!(await recordExists(db, c, request.principal.domainId, id))) throw notFound(c);
      return { items: await readRecordAcl(db, cls, id) };
    },
  });

  signedInRoute(app, {
    method: 'PATCH',
    url,
    config: { guard: { class: cls, right: 'w' }, resource: name },
    schema: doc(name, `Change record permissions of a ${name} record`, {
      params: idParamDoc,
      body: aclPatch,
      response: { 200: aclAnswer },
    }),
    handler: async (request) => {
      const id = idOf(request);
      const principal = request.principal;
      const changes = request.body as z.output<typeof aclPatch>;
      const bits = changesToBits(changes);
      return request.server.ctx.db.transaction(async (tx) => {
        if (!(await recordExists(tx, c, principal.domainId, id))) throw notFound(c);
        await checkRoles(tx, principal.domainId, [...bits.keys()], name);
        if (recordChecksOn(principal, cls) && !principal.permissions.has('write')) {
          const held = await heldRecordBits(tx, cls, id, principal.roleIds);
          const old = await currentBits(tx, cls, id);
          for (const [grantee, next] of bits) {
            const missing = unmanaged(held, changedRights(old.get(grantee) ?? 0, next));
            if (missing.length)
              throw keyedError(403, 'app.auth.forbidden', 'grantUnmanaged', { rights: missing.join('') });
          }
        }
        const before = await readRecordAcl(tx, cls, id);
        await writeRecordAcl(tx, principal.domainId, cls, id, bits);
        const after = await readRecordAcl(tx, cls, id);
        await logRecordAcl(tx, request, c, cls, id, before, after);
        return { items: after };
      });
    },
  });
}
