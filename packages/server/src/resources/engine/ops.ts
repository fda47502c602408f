import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { grantOnCreate } from '../../access/grants-on-create.js';
import { recordFilter, recordFilterText } from '../../access/record-filter.js';
import { isLogged, writeChange } from '../../changelog/writer.js';
import type { AppContext } from '../../context.js';
import { keyedError, keyedField } from '../../core/errors.js';
import type { Principal } from '../../core/principal.js';
import type { Db } from '../../db/client.js';
import { queryRows, type Row, runStatement, Statement } from '../../db/sql.js';
import type { Compiled } from './compile.js';
import { escapeLike, type ListQuery } from './list-query.js';
import { refError, refProblems, viewText, writeRefColumns, writeRefLists } from './refs.js';
import type { FieldBinding, WriteContext } from './types.js';
import { uniqueConflict } from './unique.js';
import { checkVariant } from './variants.js';

export type ListAnswer = { items: Row[]; next: boolean };

/** The search condition over the resource's search columns; a prefix search may use their index. */
function searchCondition(c: Compiled, q: string, prefix: boolean, st: Statement): string {
  const value = prefix ? `lower(${st.param(escapeLike(q))}) || '%'` : `lower(${st.param(q)})`;
  const op = prefix ? 'like' : '=';
  return `(${c.searchCols.map((col) => `lower(${col}) ${op} ${value}`).join(' or ')})`;
}

/**
 * `select … where …` of a list: the principal's domain, readable records under rbac, ids, search
 * and `extra` conditions, without order or limit (a list page and an export add their own).
 * `head` is the `select … from table t` part.
 */
export function listSelect(
  c: Compiled,
  principal: Principal,
  lq: ListQuery,
  extra: SQL[],
  st: Statement,
  head = lq.fields ? c.selectFields(lq.fields) : c.selectList,
): string {
  let text = `${viewText(head, principal)} where t.domain_id = ${st.param(principal.domainId)}`;
  if (c.binding.scope) text += ` and ${st.embed(c.binding.scope)}`;
  const readable = recordFilterText(principal, c.recordClass, 'r', st);
  if (readable) text += ` and ${readable}`;
  if (lq.ids) text += ` and t.id in ${st.list(lq.ids)}`;
  if (lq.q !== null && c.binding.search) text += ` and ${st.embed(c.binding.search(lq.q, lq.prefix))}`;
  else if (lq.q !== null && c.searchCols.length) text += ` and ${searchCondition(c, lq.q, lq.prefix, st)}`;
  for (const cond of extra) text += ` and ${st.embed(cond)}`;
  return text;
}

/**
 * One page of a list in one query: the principal's domain, readable records under rbac, search,
 * ids, sort (then id), and size+1 rows to know whether another page follows. The hot path of
 * the console, so the text is assembled by hand from fragments compiled once per resource.
 */
export async function listItems(
  db: Db,
  c: Compiled,
  principal: Principal,
  lq: ListQuery,
  extra: SQL[] = [],
): Promise<ListAnswer> {
  const st = new Statement();
  let text = listSelect(c, principal, lq, extra, st);
  const sort = lq.sort ?? c.defaultSort;
  const dir = sort.desc ? ' desc' : ' asc';
  text += ` order by ${viewText(c.sortCols.get(sort.field) as string, principal)}${dir}, t.id${dir}`;
  text += ` limit ${st.param(lq.size + 1)} offset ${st.param((lq.page - 1) * lq.size)}`;
  st.text = text;
  const rows = await runStatement(db, st);
  const next = rows.length > lq.size;
  if (next) rows.length = lq.size;
  return { items: rows, next };
}

/** The binding's scope as a condition to add (`and …`), or nothing. */
const scopeSql = (c: Compiled) => (c.binding.scope ? sql` and ${c.binding.scope}` : sql``);

/** One record of the viewer's domain, as the viewer may see it (references it may not read unnamed). */
export async function readItem(db: Db, c: Compiled, viewer: Principal, id: number): Promise<Row | null> {
  const select = viewText(c.selectItem, viewer);
  const [row] = await queryRows(
    db,
    sql`${sql.raw(select)} where t.id = ${id} and t.domain_id = ${viewer.domainId}${scopeSql(c)}`,
  );
  return row ?? null;
}

/** readItem outside a transaction, on the fast read path. */
export async function findItem(db: Db, c: Compiled, viewer: Principal, id: number): Promise<Row | null> {
  const st = new Statement();
  st.text = `${viewText(c.selectItem, viewer)} where t.id = ${st.param(id)} and t.domain_id = ${st.param(viewer.domainId)}`;
  if (c.binding.scope) st.text += ` and ${st.embed(c.binding.scope)}`;
  const [row] = await runStatement(db, st);
  return row ?? null;
}

export const notFound = (c: Compiled) =>
  keyedError(404, `app.${c.def.name}.not_found`, 'notFound', { resource: c.def.name });

type Pending = { binding: FieldBinding; value: unknown };

/** Turns a validated body into column values and the relation writes that follow the row. */
async function toRow(
  c: Compiled,
  body: Row,
  ctx: Omit<WriteContext, 'old'>,
): Promise<{ row: Row; pending: Pending[] }> {
  const row: Row = {};
  const pending: Pending[] = [];
  writeRefColumns(c.refs, body, row);
  const refKeys = new Set(c.refs.map((r) => r.field));
  for (const [key, value] of Object.entries(body)) {
    if (refKeys.has(key)) continue;
    const binding = c.binding.fields?.[key];
    if (binding?.write) await binding.write(value, row, ctx);
    if (binding?.afterWrite) pending.push({ binding, value });
    if (!binding?.write && !binding?.afterWrite && key in c.columns && key !== 'id' && key !== 'domainId') {
      row[key] = value;
    }
  }
  return { row, pending };
}

type Caller = { app: AppContext; principal: Principal; request: FastifyRequest };

/** Compiled resources by name: a sub-object's change is logged on its parent record. */
const compiledByName = new Map<string, Compiled>();

export function registerCompiled(c: Compiled): void {
  compiledByName.set(c.def.name, c);
}

type Action = 'create' | 'update' | 'delete';

/** An entry of the resource's own object: a delete keeps the deleted record as the old state. */
function logEntry(c: Compiled, caller: Caller, action: Action, item: Row, old?: Row) {
  return {
    domainId: caller.principal.domainId,
    object: c.def.logObject as string,
    action,
    userId: caller.principal.userId,
    userIp: caller.request.ip,
    recordId: item.id as number,
    newState: action === 'delete' ? null : item,
    oldState: action === 'delete' ? item : old,
  };
}

/**
 * Logs one change in the write's transaction: on the resource's own object, and, for a record
 * under a parent whose changes are loggable, as an update of the parent record whose states hold
 * the sub-object under the resource's name (null where it did not exist before or after).
 */
async function logChange(tx: Db, c: Compiled, caller: Caller, action: Action, item: Row, old?: Row) {
  if (c.def.logObject) await writeChange(tx, logEntry(c, caller, action, item, old));
  const parent = c.def.parent;
  const logObject = parent?.resource.logObject;
  if (!parent?.field || !logObject) return;
  // Reading the parent may cost more than the change (counts over its sub-list): only when logged.
  if (!(await isLogged(tx, caller.principal.domainId, logObject))) return;
  const owner = compiledByName.get(parent.resource.name);
  const parentId = Number(item[parent.field]);
  // The parent itself going away takes its sub-objects with it: its own delete entry says so.
  const parentItem = owner && Number.isInteger(parentId) ? await readItem(tx, owner, caller.principal, parentId) : null;
  if (!parentItem) return;
  const before = action === 'create' ? null : action === 'delete' ? item : (old ?? null);
  await writeChange(tx, {
    domainId: caller.principal.domainId,
    object: logObject,
    action: 'update',
    userId: caller.principal.userId,
    userIp: caller.request.ip,
    recordId: parentId,
    newState: { ...parentItem, [c.def.name]: action === 'delete' ? null : item },
    oldState: { ...parentItem, [c.def.name]: before },
  });
}

async function guarded<T>(c: Compiled, work: () => Promise<T>, prefix = () => ''): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw uniqueConflict(c, error, prefix()) ?? error;
  }
}

/**
 * A record another table still refers to (a foreign key restricts the delete) answers 409 rather
 * than a server error; resources that know who refers to them say so earlier in beforeDelete.
 */
async function inUse<T>(c: Compiled, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    let e = error as { code?: unknown; cause?: unknown } | undefined;
    for (let depth = 0; e && depth < 5; depth++) {
      if (e.code === '23503') {
        const params = { resource: c.def.name };
        throw keyedError(409, `app.${c.def.name}.in_use`, 'inUse', params, [keyedField('id', 'inUse', params)]);
      }
      e = e.cause as { code?: unknown; cause?: unknown } | undefined;
    }
    throw error;
  }
}

export async function createItem(c: Compiled, caller: Caller, body: Row): Promise<Row> {
  const [item] = await createItems(c, caller, [body]);
  return item;
}

/**
 * Creates every body or none, in one transaction. With several bodies a unique conflict names
 * the line (from 1) of the body that met it: `<line>.<field>`.
 */
export async function createItems(c: Compiled, caller: Caller, bodies: Row[]): Promise<Row[]> {
  const { app, principal } = caller;
  const prepared: { body: Row; ctx: WriteContext; row: Row; pending: Pending[] }[] = [];
  for (const [index, body] of bodies.entries()) {
    const ctx: WriteContext = { ...caller, old: null, op: 'create' };
    checkVariant(c.def, body, null, bodies.length > 1 ? `${index + 1}.` : '');
    await c.binding.beforeWrite?.(body, ctx);
    prepared.push({ body, ctx, ...(await toRow(c, body, ctx)) });
  }
  let line = 0;
  const items = await guarded(
    c,
    () =>
      app.db.transaction(async (tx) => {
        const out: Row[] = [];
        for (const [index, { body, ctx, row, pending }] of prepared.entries()) {
          line = index + 1;
          const problems = await refProblems(tx, c.refs, body, null, principal);
          if (problems.length) throw refError(c.def.name, problems, bodies.length > 1 ? `${line}.` : '');
          await c.binding.beforeRow?.(tx, row, body, ctx);
          row.domainId = principal.domainId;
          await c.binding.beforeInsert?.(tx, row, ctx);
          const [created] = (await tx
            .insert(c.binding.table)
            .values(row as never)
            .returning({ id: c.columns.id })) as { id: number }[];
          await writeRefLists(tx, c.refs, body, created.id);
          for (const p of pending) await p.binding.afterWrite?.(tx, created.id, p.value, ctx);
          if (c.recordClass) await grantOnCreate(tx, principal, c.recordClass, created.id);
          const item = (await readItem(tx, c, principal, created.id)) as Row;
          await logChange(tx, c, caller, 'create', item);
          await c.binding.afterSave?.(tx, item, null, ctx);
          out.push(item);
        }
        return out;
      }),
    () => (bodies.length > 1 ? `${line}.` : ''),
  );
  await c.binding.afterCommit?.(app);
  return items;
}

export async function updateItem(
  c: Compiled,
  caller: Caller,
  id: number,
  body: Row,
  op: 'update' | 'patch',
): Promise<Row> {
  const { app } = caller;
  const { row, pending } = await toRow(c, body, { ...caller, op });
  const item = await guarded(c, () =>
    app.db.transaction(async (tx) => {
      const changed = await updateInTx(tx, c, caller, id, body, { ...row }, pending, op);
      if (!changed) throw notFound(c);
      return changed;
    }),
  );
  await c.binding.afterCommit?.(app);
  return item;
}

/** One record's update inside the write's transaction; null where the record is not there. */
async function updateInTx(
  tx: Db,
  c: Compiled,
  caller: Caller,
  id: number,
  body: Row,
  row: Row,
  pending: Pending[],
  op: 'update' | 'patch',
): Promise<Row | null> {
  const { principal } = caller;
  const old = await readItem(tx, c, principal, id);
  if (!old) return null;
  const problems = await refProblems(tx, c.refs, body, old, principal);
  if (problems.length) throw refError(c.def.name, problems);
  const ctx: WriteContext = { ...caller, old, op };
  checkVariant(c.def, { ...old, ...body }, old);
  await c.binding.beforeWrite?.(body, ctx, tx);
  await c.binding.beforeRow?.(tx, row, body, ctx);
  if (c.hasUpdatedAt) row.updatedAt = sql`now()`;
  if (Object.keys(row).length) {
    await tx
      .update(c.binding.table)
      .set(row as never)
      .where(and(eq(c.columns.id, id), eq(c.columns.domainId, principal.domainId)));
  }
  await writeRefLists(tx, c.refs, body, id);
  for (const p of pending) await p.binding.afterWrite?.(tx, id, p.value, ctx);
  const item = (await readItem(tx, c, principal, id)) as Row;
  await logChange(tx, c, caller, 'update', item, old);
  await c.binding.afterSave?.(tx, item, old, ctx);
  return item;
}

/**
 * Changes the same fields of several records (a bulk PATCH), in one transaction: those of the
 * principal's domain among `ids` that it may edit (under rbac); the others are left alone, as a
 * bulk delete leaves them. Each change is checked and logged as a PATCH of its record would be.
 * Answers the changed items.
 */
export async function patchItems(c: Compiled, caller: Caller, ids: number[], body: Row): Promise<Row[]> {
  const { app, principal } = caller;
  const { row, pending } = await toRow(c, body, { ...caller, op: 'patch' });
  const items = await guarded(c, () =>
    app.db.transaction(async (tx) => {
      const parts: SQL[] = [
        sql`select t.id from ${sql.raw(`"${c.table}"`)} t where t.domain_id = ${principal.domainId} and t.id in ${ids}`,
        scopeSql(c),
      ];
      const editable = recordFilter(principal, c.recordClass, 'w');
      if (editable) parts.push(sql` and `, editable);
      parts.push(sql` order by t.id`);
      const found = await queryRows<{ id: number }>(tx, sql.join(parts));
      const out: Row[] = [];
      for (const { id } of found) {
        const changed = await updateInTx(tx, c, caller, id, { ...body }, { ...row }, pending, 'patch');
        if (changed) out.push(changed);
      }
      return out;
    }),
  );
  if (items.length) await c.binding.afterCommit?.(app);
  return items;
}

/**
 * Deletes the records of the principal's domain among `ids` that it may delete (under rbac),
 * with their record ACL and one change-log entry each. Answers the deleted items.
 */
export async function deleteItems(c: Compiled, caller: Caller, ids: number[]): Promise<Row[]> {
  const { app, principal } = caller;
  const deleted = await inUse(c, () =>
    app.db.transaction(async (tx) => {
      const parts: SQL[] = [
        sql.raw(viewText(c.selectItem, principal)),
        sql` where t.domain_id = ${principal.domainId} and t.id in ${ids}`,
        scopeSql(c),
      ];
      const deletable = recordFilter(principal, c.recordClass, 'd');
      if (deletable) parts.push(sql` and `, deletable);
      const items = await queryRows(tx, sql.join(parts));
      if (!items.length) return items;
      for (const item of items) await c.binding.beforeDelete?.(item, { ...caller, old: item }, tx);
      const found = items.map((i) => i.id as number);
      await tx.execute(
        sql`delete from ${sql.raw(`"${c.table}"`)} where domain_id = ${principal.domainId} and id in ${found}`,
      );
      if (c.recordClass) {
        await tx.execute(sql`delete from record_acl where class = ${c.recordClass} and record_id in ${found}`);
      }
      await c.binding.afterDelete?.(tx, items, caller);
      for (const item of items) await logChange(tx, c, caller, 'delete', item);
      return items;
    }),
  );
  if (deleted.length) {
    await c.binding.afterDeleteCommit?.(deleted, caller);
    await c.binding.afterCommit?.(app);
  }
  return deleted;
}
