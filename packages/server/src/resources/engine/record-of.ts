import type { Right } from '@switchboard/model';
import { classAllows, recordAllows, recordChecksOn } from '../../access/rights.js';
import { type HttpError, keyedError, notFound as missingRecord } from '../../core/errors.js';
import { paramId } from '../../core/route.js';
import type { SignedInRequest } from '../../core/signed-in.js';
import type { Db } from '../../db/client.js';
import { ident, type Row, runStatement, Statement } from '../../db/sql.js';
import type { Compiled } from './compile.js';
import { findItem, notFound } from './ops.js';

/** A plain table a hand route reads one record of: its name in SQL and in errors. */
export type RecordTable = { table: string; name: string; columns?: string };

export type RecordCheck = {
  /** The path parameter holding the id (default `id`). */
  param?: string;
  /** The resource a malformed id is refused as (default: the record's name). */
  resource?: string;
  /**
   * A right the caller must hold on the record, checked as the guard checks one: the class right
   * (403 before the record is read) and, where the class has rbac on, the record right (403).
   */
  right?: { class: string; right: Right };
  /** The answer when there is no such record in the caller's domain (default: its 404). */
  missing?: () => HttpError;
  /** Read it in this transaction (default: the app's database). */
  db?: Db;
};

/**
 * The record of a hand route's path: the id in the path param (400 unless a whole number), a
 * record of the caller's domain (404 else; another domain's id is not told apart from a missing
 * one) and, with `right`, the caller's right on it. A resource of the engine is read as its own
 * read answers it (its scope and the viewer's fields); a plain table answers `columns` (id).
 */
export async function recordOf(
  request: SignedInRequest,
  of: Compiled | RecordTable,
  check: RecordCheck = {},
): Promise<{ id: number; row: Row }> {
  const principal = request.principal;
  const compiled = 'def' in of ? of : null;
  const name = compiled ? compiled.def.name : (of as RecordTable).name;
  const id = paramId(request, check.resource ?? name, check.param);
  const refused = (key: 'classRight' | 'recordRight', cls: string, right: Right) =>
    keyedError(403, 'app.auth.forbidden', key, { right, resource: cls });
  if (check.right && !classAllows(principal, check.right.class, check.right.right)) {
    throw refused('classRight', check.right.class, check.right.right);
  }
  const db = check.db ?? request.server.ctx.db;
  let row: Row | undefined;
  if (compiled) row = (await findItem(db, compiled, principal, id)) ?? undefined;
  else {
    const table = of as RecordTable;
    const st = new Statement();
    st.text = `select ${table.columns ?? 'id'} from ${ident(table.table)} where id = ${st.param(id)} and domain_id = ${st.param(principal.domainId)}`;
    [row] = await runStatement(db, st);
  }
  if (!row) throw check.missing?.() ?? (compiled ? notFound(compiled) : missingRecord(name));
  const cls = check.right?.class;
  if (check.right && cls && recordChecksOn(principal, cls)) {
    if (!(await recordAllows(request.server.ctx, principal, cls, id, check.right.right))) {
      throw refused('recordRight', cls, check.right.right);
    }
  }
  return { id, row };
}
