import { guardingRight, type Right } from '@switchboard/model';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { recordAllows, recordChecksOn } from '../../access/rights.js';
import { keyedError } from '../../core/errors.js';
import { paramId } from '../../core/route.js';
import type { SignedInRequest } from '../../core/signed-in.js';
import { ident, runStatement, Statement } from '../../db/sql.js';
import type { Compiled } from './compile.js';

/** Where a nested resource's records hang: the parent table and how a child row names its parent. */
export type ParentLink = {
  param: string;
  parentName: string;
  parentTable: string;
  /** The child rows of one parent, over the row alias `t`. */
  condition(parentId: number): SQL;
  /** The child's column (Drizzle key) a create fills with the parent id; null where rows hang another way. */
  key: string | null;
  /** The class whose record right (rbac) the parent record needs; null: class right only. */
  recordClass: string | null;
};

/**
 * Reads the parent table from the child column's foreign key (unless the binding names it), so
 * the link cannot drift from the schema.
 */
export function linkOf(c: Compiled): ParentLink | null {
  const parent = c.def.parent;
  if (!parent) return null;
  const given = c.binding.parentLink;
  const col = given?.column ?? (parent.field ? (c.columns[parent.field] as PgColumn | undefined) : undefined);
  if (!col && !given?.where) throw new Error(`${c.def.name}: a nested resource needs a parent column or condition`);
  let parentTable = given?.table ? getTableName(given.table) : null;
  if (!parentTable && col) {
    const fk = getTableConfig(c.binding.table)
      .foreignKeys.map((k) => k.reference())
      .find((r) => r.columns.length === 1 && r.columns[0].name === col.name);
    if (fk) parentTable = getTableName(fk.foreignTable);
  }
  if (!parentTable) throw new Error(`${c.def.name}: name the parent table or give the parent column a foreign key`);
  const key = col ? (Object.entries(c.columns).find(([, v]) => v === col)?.[0] ?? null) : null;
  const columnSql = col ? sql.raw(`t.${ident(col.name)}`) : null;
  const rights = parent.rights === 'parent';
  return {
    param: parent.param,
    parentName: parent.resource.name,
    parentTable,
    condition: (parentId) => (given?.where ? given.where(parentId) : sql`${columnSql} = ${parentId}`),
    key,
    recordClass: rights && parent.resource.recordAcl ? parent.resource.objClass : null,
  };
}

const parentNotFound = (link: ParentLink) =>
  keyedError(404, `app.${link.parentName}.not_found`, 'notFound', { resource: link.parentName });

/**
 * The parent id of the path, once the parent is known to exist in the caller's domain (404 else,
 * a parent of another domain too) and, under rbac, to grant the caller the right on it. The
 * existence check comes first so that another domain's id is not told apart from a missing one.
 */
export async function parentOf(c: Compiled, link: ParentLink, request: SignedInRequest, right: Right): Promise<number> {
  const parentId = paramId(request, link.parentName, link.param);
  const principal = request.principal;
  const st = new Statement();
  st.text = `select 1 from ${ident(link.parentTable)} where id = ${st.param(parentId)} and domain_id = ${st.param(principal.domainId)}`;
  const rows = await runStatement(request.server.ctx.db, st);
  if (!rows.length) throw parentNotFound(link);
  if (link.recordClass && recordChecksOn(principal, link.recordClass)) {
    const needed = guardingRight(c.def, right).right;
    if (!(await recordAllows(request.server.ctx, principal, link.recordClass, parentId, needed))) {
      throw keyedError(403, 'app.auth.forbidden', 'recordRight', { right: needed, resource: link.recordClass });
    }
  }
  return parentId;
}
