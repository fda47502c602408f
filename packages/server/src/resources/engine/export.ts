import { pipeline, Readable } from 'node:stream';
import { csvCell } from '@switchboard/model';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../core/principal.js';
import type { Db } from '../../db/client.js';
import { ident, runStatement, Statement } from '../../db/sql.js';
import type { Compiled } from './compile.js';
import type { ListQuery } from './list-query.js';
import { listSelect } from './ops.js';
import { viewText } from './refs.js';

/**
 * Rows one export query reads. Each page is a short statement of its own, so on PGlite (one
 * statement at a time) other requests run between pages. Pages are small: a page's rows live while
 * they are written out, and rows that outlive a young-heap collection leave garbage in the old
 * heap. A million-row export grew the server by 104 to 115 MB with pages of 1,000 rows, by under
 * 60 MB with 200, for about a fifth more time (`npm run bench -w bench`, export and import parts).
 */
export const EXPORT_PAGE_SIZE = 200;

type Keyed = Record<string, unknown> & { __key: string | null; __id: number };

/**
 * Keyset condition after the last row of the previous page, in the order `key dir, id dir` with
 * PostgreSQL's null placement (last ascending, first descending). The key travels as text and
 * the database casts it to the column's type, so a timestamp keeps its microseconds.
 */
function after(col: string, desc: boolean, last: Keyed, st: Statement, notNull: boolean): string {
  const id = st.param(last.__id);
  // A key that is never null: one row comparison, which an index on (…, key, id) reads as a range.
  if (notNull && last.__key !== null) return `(${col}, t.id) ${desc ? '<' : '>'} (${st.param(last.__key)}, ${id})`;
  if (last.__key === null) {
    return desc ? `((${col} is null and t.id < ${id}) or ${col} is not null)` : `(${col} is null and t.id > ${id})`;
  }
  const key = st.param(last.__key);
  return desc
    ? `(${col} < ${key} or (${col} = ${key} and t.id < ${id}))`
    : `(${col} > ${key} or (${col} = ${key} and t.id > ${id}) or ${col} is null)`;
}

/**
 * Every row of a list, in its order, one keyset page at a time: never more than a page in memory,
 * and no offset that grows with the position.
 */
export async function* exportRows(
  db: Db,
  c: Compiled,
  principal: Principal,
  lq: ListQuery,
  extra: SQL[],
  fields: readonly string[],
): AsyncGenerator<Record<string, unknown>> {
  const sort = lq.sort ?? c.defaultSort;
  const col = viewText(c.sortCols.get(sort.field) as string, principal);
  const dir = sort.desc ? ' desc' : ' asc';
  // The sort key of a plain not-null column (or the id) is never null; a reference's name or a
  // computed field may be.
  const plain = !c.binding.fields?.[sort.field] && !c.refs.some((r) => r.field === sort.field);
  const notNull = sort.field === 'id' || (plain && c.columns[sort.field]?.notNull === true);
  const head = `select (${col})::text as "__key", t.id as "__id", ${fields
    .map((f) => `${c.exprs.get(f)} as ${ident(f)}`)
    .join(', ')} from ${ident(c.table)} t`;
  const converted = fields.flatMap((f) => {
    const convert = c.binding.fields?.[f]?.exportValue;
    return convert ? [[f, convert] as const] : [];
  });
  let last: Keyed | null = null;
  for (;;) {
    const st = new Statement();
    let text = listSelect(c, principal, lq, extra, st, head);
    if (last) text += ` and ${after(col, sort.desc, last, st, notNull)}`;
    text += ` order by ${col}${dir}, t.id${dir} limit ${st.param(EXPORT_PAGE_SIZE)}`;
    st.text = text;
    const rows = await runStatement<Keyed>(db, st);
    for (const row of rows) {
      for (const [f, convert] of converted) row[f] = convert(row[f]);
      yield row;
    }
    if (rows.length < EXPORT_PAGE_SIZE) return;
    last = rows[rows.length - 1];
  }
}

/**
 * Sends a list as a CSV download: a header row of the field names, then each row's cells made
 * safe for spreadsheets. Streamed, so memory stays flat however many rows there are; a client
 * that goes away stops the reading.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  fields: readonly string[],
  rows: AsyncIterable<Record<string, unknown>>,
) {
  async function* records() {
    for await (const row of rows) yield fields.map((f) => csvCell(row[f]));
  }
  // A byte-order mark tells spreadsheets the file is UTF-8 (names in Cyrillic, say).
  // pipeline, unlike pipe, stops the reading when the response ends early or a query fails.
  const csv = pipeline(
    Readable.from(records()),
    stringify({ header: true, columns: [...fields], bom: true, record_delimiter: 'windows' }),
    (error) => {
      if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') reply.log.error({ err: error }, 'CSV export failed');
    },
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(csv);
}
