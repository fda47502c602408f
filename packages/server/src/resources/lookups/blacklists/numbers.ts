import {
  BLACKLIST_IMPORT_MAX_ROWS,
  fieldErrors,
  NUMBER_TAKEN,
  blacklistNumbers as numbersDef,
} from '@switchboard/model';
import { CsvError, parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { blacklistNumbers } from '../../../db/schema.js';
import { HttpError } from '../../../http/errors.js';
import { defineServerResource, guardOf } from '../../engine/define.js';
import { doc, parseBody, routeCompilers, validationError } from '../../engine/http.js';
import { linkOf, type ParentLink, parentOf } from '../../engine/nested.js';
import { queryRows } from '../../engine/sql.js';
import { uniqueConflict } from '../../engine/unique.js';

/** Numbers carry no record ACL of their own: the list's class and record rights govern them. */
export const blacklistNumbersResource = defineServerResource(numbersDef, {
  table: blacklistNumbers,
  unique: { blacklist_numbers_list_number: 'number' },
});

const c = blacklistNumbersResource.compiled;
const link = linkOf(c) as ParentLink;
const tag = numbersDef.name;

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

/** The CSV import of a blacklist's numbers: every row or none. */
export function registerBlacklistNumberRoutes(app: FastifyInstance) {
  app.route({
    method: 'POST',
    url: `/api${numbersDef.path}/import`,
    config: { guard: guardOf(c, 'x') },
    schema: doc(tag, 'Import numbers from CSV (number, description, expireAt): every row or none', {
      params: z.object({ listId: z.string() }),
      body: importBody,
      response: { 200: importAnswer },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const listId = await parentOf(c, link, request, 'x');
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
