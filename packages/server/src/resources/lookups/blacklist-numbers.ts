import {
  BLACKLIST_IMPORT_MAX_ROWS,
  fieldErrors,
  NUMBER_TAKEN,
  blacklistNumbers as numbersDef,
  type Right,
} from '@switchboard/model';
import { CsvError, parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { blacklistNumbers } from '../../db/schema.js';
import { HttpError, keyedError } from '../../http/errors.js';
import type { Guard } from '../../http/principal.js';
import { compile } from '../engine/compile.js';
import {
  doc,
  listAnswerDoc,
  listQueryDoc,
  parseBody,
  parseId,
  queryError,
  routeCompilers,
  validationError,
} from '../engine/http.js';
import { isQueryError, parseListQuery } from '../engine/list-query.js';
import { createItem, deleteItems, findItem, listItems, updateItem } from '../engine/ops.js';
import { queryRows } from '../engine/sql.js';
import { uniqueConflict } from '../engine/unique.js';

/** Numbers carry no record ACL of their own: the list's class and record rights govern them. */
const c = compile(numbersDef, {
  table: blacklistNumbers,
  recordClass: null,
  unique: { blacklist_numbers_list_number: 'number' },
});

const base = '/api/call_center/list/:listId/communication';
const item = numbersDef.item as z.ZodObject;
const listParam = z.object({ listId: z.string() });
const itemParams = z.object({ listId: z.string(), id: z.string() });
const tag = 'blacklists';

/** Reading numbers needs the read right on the list; any change to them is an edit of the list. */
const guard = (right: Right): Guard => ({ class: 'cc_list', right, recordParam: 'listId' });

const noList = () => keyedError(404, 'app.blacklists.not_found', 'notFound', { resource: 'blacklists' });
const noNumber = () => keyedError(404, 'app.blacklistNumbers.not_found', 'notFound', { resource: 'blacklistNumbers' });

/** The list id of the path, once the list is known to exist in the caller's domain. */
async function listOf(request: FastifyRequest): Promise<number> {
  const listId = parseId('blacklists', (request.params as { listId: string }).listId, 'listId');
  const rows = await queryRows(
    request.server.ctx.db,
    sql`select 1 from blacklists where id = ${listId} and domain_id = ${request.principal!.domainId}`,
  );
  if (!rows.length) throw noList();
  return listId;
}

/** The number of the path, which must belong to the list of the path. */
async function numberOf(request: FastifyRequest, listId: number) {
  const id = parseId(numbersDef.name, (request.params as { id: string }).id);
  const found = await findItem(request.server.ctx.db, c, request.principal!.domainId, id);
  if (!found || found.listId !== listId) throw noNumber();
  return id;
}

const callerOf = (request: FastifyRequest) => ({
  app: request.server.ctx,
  principal: request.principal!,
  request,
});

type ImportRow = { line: number; number: string; description: string; expireAt: string | null };
type RowError = { field: string; message: string };

const HEADER_NAMES: Record<string, keyof Omit<ImportRow, 'line'>> = {
  number: 'number',
  description: 'description',
  expireat: 'expireAt',
  expire_at: 'expireAt',
};

/** A date alone (`2025-12-31`) means its midnight UTC; anything else must be an ISO instant. */
const asInstant = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);

/**
 * Rows of the CSV: `number, description, expireAt` by position, or by a header row whose first
 * cell is `number`. Every row is checked like a single number (the same messages) and against
 * the numbers already in the list and earlier in the file; errors name `<line>.<field>`.
 */
async function checkRows(db: Db, listId: number, text: string) {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    if (error instanceof CsvError) throw validationError(numbersDef.name, [{ field: 'csv', message: error.message }]);
    throw error;
  }
  let columns: (keyof Omit<ImportRow, 'line'> | null)[] = ['number', 'description', 'expireAt'];
  let first = 0;
  if (records.length && records[0][0]?.toLowerCase() === 'number') {
    columns = records[0].map((h) => HEADER_NAMES[h.toLowerCase()] ?? null);
    first = 1;
  }
  const rows = records.slice(first);
  if (!rows.length) throw validationError(numbersDef.name, [{ field: 'csv', message: 'The file holds no numbers' }]);
  if (rows.length > BLACKLIST_IMPORT_MAX_ROWS) {
    throw validationError(numbersDef.name, [
      { field: 'csv', message: `At most ${BLACKLIST_IMPORT_MAX_ROWS} numbers in one file` },
    ]);
  }

  const good: ImportRow[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  rows.forEach((cells, index) => {
    const line = index + first + 1;
    const raw: Record<string, string> = {};
    columns.forEach((key, i) => {
      if (key && cells[i] !== undefined) raw[key] = cells[i];
    });
    const parsed = numbersDef.input.safeParse({
      number: raw.number ?? '',
      description: raw.description ?? '',
      expireAt: raw.expireAt ? asInstant(raw.expireAt) : null,
    });
    if (!parsed.success) {
      for (const e of fieldErrors(parsed.error)) errors.push({ field: `${line}.${e.field}`, message: e.message });
      return;
    }
    const row = { line, ...(parsed.data as Omit<ImportRow, 'line'>) };
    const earlier = seen.get(row.number);
    if (earlier !== undefined) {
      errors.push({ field: `${line}.number`, message: `${NUMBER_TAKEN} (line ${earlier})` });
      return;
    }
    seen.set(row.number, line);
    good.push(row);
  });

  if (good.length) {
    const taken = await queryRows<{ number: string }>(
      db,
      sql`select number from blacklist_numbers where list_id = ${listId} and number in ${good.map((r) => r.number)}`,
    );
    const takenSet = new Set(taken.map((t) => t.number));
    for (const row of good) {
      if (takenSet.has(row.number)) errors.push({ field: `${row.line}.number`, message: NUMBER_TAKEN });
    }
  }
  errors.sort((a, b) => Number.parseInt(a.field, 10) - Number.parseInt(b.field, 10));
  return { good, errors, total: rows.length };
}

const INSERT_CHUNK = 1000;
const importBody = z.object({ csv: z.string({ error: 'This field is required' }) });
const importAnswer = z.object({ imported: z.number() });

/**
 * The numbers of a blacklist: list (search by number, paging, sort), read, create, replace,
 * delete one or several, and a CSV import that adds every row or none.
 */
export function registerBlacklistNumberRoutes(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: base,
    config: { guard: guard('r') },
    schema: doc(tag, 'Numbers of a blacklist', {
      params: listParam,
      querystring: listQueryDoc,
      response: { 200: listAnswerDoc(item) },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const listId = await listOf(request);
      const lq = parseListQuery(c.listSpec, request.query as Record<string, unknown>);
      if (isQueryError(lq)) throw queryError(numbersDef.name, lq);
      return listItems(request.server.ctx.db, c, request.principal!, lq, [sql`t.list_id = ${listId}`]);
    },
  });

  app.route({
    method: 'GET',
    url: `${base}/:id`,
    config: { guard: guard('r') },
    schema: doc(tag, 'One number of a blacklist', { params: itemParams, response: { 200: item } }),
    ...routeCompilers,
    handler: async (request) => {
      const listId = await listOf(request);
      const id = await numberOf(request, listId);
      return findItem(request.server.ctx.db, c, request.principal!.domainId, id);
    },
  });

  app.route({
    method: 'POST',
    url: base,
    config: { guard: guard('w') },
    schema: doc(tag, 'Add a number to a blacklist', {
      params: listParam,
      body: numbersDef.input,
      response: { 201: item },
    }),
    ...routeCompilers,
    handler: async (request, reply) => {
      const listId = await listOf(request);
      const body = parseBody(numbersDef.name, numbersDef.input, request.body) as Record<string, unknown>;
      const created = await createItem(c, callerOf(request), { ...body, listId });
      return reply.status(201).send(created);
    },
  });

  app.route({
    method: 'PUT',
    url: `${base}/:id`,
    config: { guard: guard('w') },
    schema: doc(tag, 'Replace a number of a blacklist', {
      params: itemParams,
      body: numbersDef.input,
      response: { 200: item },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const listId = await listOf(request);
      const id = await numberOf(request, listId);
      const body = parseBody(numbersDef.name, numbersDef.input, request.body) as Record<string, unknown>;
      return updateItem(c, callerOf(request), id, body, 'update');
    },
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:id`,
    config: { guard: guard('w') },
    schema: doc(tag, 'Remove a number from a blacklist', { params: itemParams, response: { 200: item } }),
    ...routeCompilers,
    handler: async (request) => {
      const listId = await listOf(request);
      const id = await numberOf(request, listId);
      const [deleted] = await deleteItems(c, callerOf(request), [id]);
      if (!deleted) throw noNumber();
      return deleted;
    },
  });

  app.route({
    method: 'DELETE',
    url: base,
    config: { guard: guard('w') },
    schema: doc(tag, 'Remove several numbers from a blacklist (?id=1&id=2)', {
      params: listParam,
      querystring: listQueryDoc.pick({ id: true }),
    }),
    ...routeCompilers,
    handler: async (request) => {
      const listId = await listOf(request);
      const lq = parseListQuery(c.listSpec, { id: (request.query as Record<string, unknown>).id });
      if (isQueryError(lq)) throw queryError(numbersDef.name, lq);
      if (!lq.ids) throw queryError(numbersDef.name, { field: 'id', message: 'This field is required' });
      // Only numbers of this list: an id of another list is left alone.
      const own = await request.server.ctx.db
        .select({ id: blacklistNumbers.id })
        .from(blacklistNumbers)
        .where(and(eq(blacklistNumbers.listId, listId), inArray(blacklistNumbers.id, lq.ids)));
      const deleted = own.length
        ? await deleteItems(
            c,
            callerOf(request),
            own.map((r) => r.id),
          )
        : [];
      return { items: deleted.map((d) => ({ id: d.id })) };
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/import`,
    config: { guard: guard('w') },
    schema: doc(tag, 'Import numbers from CSV (number, description, expireAt): every row or none', {
      params: listParam,
      body: importBody,
      response: { 200: importAnswer },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const listId = await listOf(request);
      const { csv } = parseBody(numbersDef.name, importBody, request.body);
      const db = request.server.ctx.db;
      const { good, errors, total } = await checkRows(db, listId, csv);
      if (errors.length) {
        const lines = new Set(errors.map((e) => Number.parseInt(e.field, 10))).size;
        throw new HttpError(
          400,
          `app.${numbersDef.name}.import`,
          `${lines} of ${total} rows have errors; nothing was imported.`,
          errors,
        );
      }
      const domainId = request.principal!.domainId;
      try {
        await db.transaction(async (tx) => {
          for (let i = 0; i < good.length; i += INSERT_CHUNK) {
            await tx.insert(blacklistNumbers).values(
              good.slice(i, i + INSERT_CHUNK).map((r) => ({
                domainId,
                listId,
                number: r.number,
                description: r.description,
                expireAt: r.expireAt,
              })),
            );
          }
        });
      } catch (error) {
        // A number added by someone else since the check.
        throw uniqueConflict(c, error) ?? error;
      }
      return { imported: good.length };
    },
  });
}
