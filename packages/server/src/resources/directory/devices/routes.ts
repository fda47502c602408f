import {
  DEVICE_CSV_COLUMNS,
  DEVICE_STATES,
  deviceAuditEntry,
  deviceAuditQuery,
  deviceImportBody,
  deviceRegistration,
  fieldErrors,
  ipv4,
  mac,
  messages,
  optionalText,
  type ResourceDef,
  required,
} from '@switchboard/model';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { grantOnCreate } from '../../../access/grants-on-create.js';
import { writeChange } from '../../../changelog/writer.js';
import { deviceUserAudit } from '../../../db/schema.js';
import { apiError, HttpError } from '../../../http/errors.js';
import { compile } from '../../engine/compile.js';
import { doc, idParamDoc, listQueryDoc, parseBody, parseId, queryError, routeCompilers } from '../../engine/http.js';
import { isQueryError, parseListQuery } from '../../engine/list-query.js';
import { findItem, listItems, notFound } from '../../engine/ops.js';
import { queryRows, type Row } from '../../engine/sql.js';
import { uniqueViolation } from '../../engine/unique.js';
import { devicesResource } from './devices.js';

const c = devicesResource.compiled;

/** The usage history, listed like a resource: paging, a search on the user's name, newest first. */
const auditDef: ResourceDef = {
  name: 'devices',
  path: '/devices/:id/users/audit',
  objClass: null,
  area: 'directory',
  route: '/directory/devices',
  input: z.object({}),
  item: deviceAuditEntry,
  fields: ['id', 'user', 'loggedInAt', 'loggedOutAt'],
  listFields: ['id', 'user', 'loggedInAt', 'loggedOutAt'],
  search: ['userName'],
  sort: ['id', 'loggedInAt', 'loggedOutAt'],
  defaultSort: '-loggedInAt',
  columns: [],
  recordAcl: false,
  ops: { create: false, update: false, patch: false, delete: false },
};
const audit = compile(auditDef, {
  table: deviceUserAudit,
  recordClass: null,
  fields: {
    user: {
      // The name as it was at log-in stays when the user is deleted later.
      select: `case when t.user_id is null and t.user_name = '' then null
        else json_build_object('id', t.user_id, 'name', coalesce((select ${"coalesce(nullif(u.name, ''), u.username)"} from users u where u.id = t.user_id), t.user_name)) end`,
    },
  },
});

async function deviceExists(db: Parameters<typeof findItem>[0], domainId: number, id: number) {
  const rows = await queryRows(db, sql`select 1 from devices where id = ${id} and domain_id = ${domainId}`);
  if (!rows.length) throw notFound(c);
}

/** One CSV cell: quoted when it holds a separator, a quote or a line break (RFC 4180). */
const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A device row of an import: account required; name (the account when empty), brand, model, mac, ip. */
const importRow = z.object({
  account: required(),
  name: optionalText(),
  brand: optionalText(),
  model: optionalText(),
  mac: mac().default(''),
  ip: ipv4().default(''),
});

/** The largest file an import takes, in rows. */
export const MAX_IMPORT_ROWS = 10_000;

type Problem = { row: number; field: string; message: string };

/** Parses and checks a whole file; answers the rows to insert or every problem found. */
export async function checkImport(
  db: Parameters<typeof findItem>[0],
  domainId: number,
  content: string,
): Promise<{ rows: (z.output<typeof importRow> & { line: number })[]; problems: Problem[] }> {
  const problems: Problem[] = [];
  let columns: string[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(content, {
      bom: true,
      columns: (header: string[]) => {
        columns = header.map((h) => h.trim().toLowerCase());
        return columns;
      },
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as typeof records;
  } catch (error) {
    const e = error as { message: string; lines?: number };
    return { rows: [], problems: [{ row: e.lines ?? 1, field: 'file', message: e.message }] };
  }
  for (const col of columns) {
    if (col && !(DEVICE_CSV_COLUMNS as readonly string[]).includes(col)) {
      problems.push({ row: 1, field: col, message: `Unknown column (known: ${DEVICE_CSV_COLUMNS.join(', ')})` });
    }
  }
  if (!columns.includes('account')) problems.push({ row: 1, field: 'account', message: messages.required });
  if (problems.length) return { rows: [], problems };
  if (!records.length) return { rows: [], problems: [{ row: 2, field: 'file', message: 'No device rows' }] };
  if (records.length > MAX_IMPORT_ROWS) {
    return {
      rows: [],
      problems: [{ row: MAX_IMPORT_ROWS + 2, field: 'file', message: `At most ${MAX_IMPORT_ROWS} rows` }],
    };
  }

  const rows: (z.output<typeof importRow> & { line: number })[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const parsed = importRow.safeParse(record);
    if (!parsed.success) {
      for (const f of fieldErrors(parsed.error)) problems.push({ row: line, field: f.field, message: f.message });
      continue;
    }
    const key = parsed.data.account.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ row: line, field: 'account', message: `The account is already on row ${first}` });
      continue;
    }
    seen.set(key, line);
    rows.push({ ...parsed.data, name: parsed.data.name || parsed.data.account, line });
  }
  if (seen.size) {
    const taken = await queryRows<{ account: string }>(
      db,
      sql`select lower(account) as account from devices where domain_id = ${domainId} and lower(account) in ${[...seen.keys()]}`,
    );
    for (const t of taken) {
      problems.push({
        row: seen.get(t.account) as number,
        field: 'account',
        message: 'A device with this account already exists',
      });
    }
  }
  problems.sort((a, b) => a.row - b.row);
  return { rows, problems };
}

const importProblemAnswer = (problems: Problem[]) => ({
  ...apiError(
    400,
    'app.devices.import',
    `${new Set(problems.map((p) => p.row)).size} row(s) of the file are wrong; nothing was imported.`,
    problems.map((p) => ({ field: `rows.${p.row}.${p.field}`, message: p.message })),
  ),
  rows: problems,
});

/**
 * Device routes beside the generic ones: registration state, usage history, CSV export (the list's
 * filters and record ACL) and CSV import (every row checked first; all or nothing).
 */
export function registerDeviceRoutes(app: FastifyInstance) {
  app.route({
    method: 'GET',
    url: '/api/devices/:id/registered',
    config: { guard: { class: 'devices', right: 'r' } },
    schema: doc('devices', 'Registration state of a device', {
      params: idParamDoc,
      response: { 200: deviceRegistration },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const id = parseId('devices', (request.params as { id: string }).id);
      const item = await findItem(request.server.ctx.db, c, request.principal!.domainId, id);
      if (!item) throw notFound(c);
      const state = item.state as number;
      return {
        id,
        account: item.account,
        registered: state > 0,
        state,
        status: DEVICE_STATES[state] ?? DEVICE_STATES[0],
        stateChangedAt: item.stateChangedAt,
      };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/devices/:id/users/audit',
    config: { guard: { class: 'devices', right: 'r' } },
    schema: doc('devices', 'Usage history of a device: log-in and log-out times per user, newest first', {
      params: idParamDoc,
      querystring: listQueryDoc.extend({
        timeFrom: z.string().optional().describe('Logged in at or after (epoch ms)'),
        timeTo: z.string().optional().describe('Logged in at or before (epoch ms)'),
      }),
      response: { 200: z.object({ items: z.array(deviceAuditEntry.partial()), next: z.boolean() }) },
    }),
    ...routeCompilers,
    handler: async (request) => {
      const id = parseId('devices', (request.params as { id: string }).id);
      const principal = request.principal!;
      await deviceExists(request.server.ctx.db, principal.domainId, id);
      const query = request.query as Record<string, unknown>;
      const times = parseBody('devices', deviceAuditQuery, { timeFrom: query.timeFrom, timeTo: query.timeTo });
      const lq = parseListQuery(audit.listSpec, query);
      if (isQueryError(lq)) throw queryError('devices', lq);
      const extra = [sql`t.device_id = ${id}`];
      if (times.timeFrom !== undefined) extra.push(sql`t.logged_in_at >= ${new Date(times.timeFrom).toISOString()}`);
      if (times.timeTo !== undefined) extra.push(sql`t.logged_in_at <= ${new Date(times.timeTo).toISOString()}`);
      return listItems(request.server.ctx.db, audit, principal, lq, extra);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/devices/export',
    config: { guard: { class: 'devices', right: 'r' } },
    schema: doc('devices', 'Devices as CSV (account, name, brand, model, mac, ip), with the list filters', {
      querystring: listQueryDoc.pick({ q: true, sort: true, id: true }),
    }),
    ...routeCompilers,
    handler: async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const base = parseListQuery(c.listSpec, { q: query.q, sort: query.sort, id: query.id });
      if (isQueryError(base)) throw queryError('devices', base);
      let out = csvLine(DEVICE_CSV_COLUMNS);
      for (let page = 1; ; page++) {
        const lq = { ...base, page, size: 1000, fields: [...DEVICE_CSV_COLUMNS] };
        const answer = await listItems(request.server.ctx.db, c, request.principal!, lq);
        for (const item of answer.items) out += csvLine(DEVICE_CSV_COLUMNS.map((col) => item[col]));
        if (!answer.next) break;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="devices.csv"')
        .send(out);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/devices/import',
    config: { guard: { class: 'devices', right: 'x' } },
    schema: doc('devices', 'Import devices from CSV text: every row is checked first; any bad row imports nothing', {
      body: deviceImportBody,
    }),
    ...routeCompilers,
    handler: async (request, reply) => {
      const { content } = parseBody('devices', deviceImportBody, request.body);
      const ctx = request.server.ctx;
      const principal = request.principal!;
      const { rows, problems } = await checkImport(ctx.db, principal.domainId, content);
      if (problems.length) return reply.status(400).send(importProblemAnswer(problems));
      try {
        const created = await ctx.db.transaction(async (tx) => {
          const out: Row[] = [];
          for (const r of rows) {
            const [row] = await queryRows<{ id: number }>(
              tx,
              sql`insert into devices (domain_id, name, account, brand, model, mac, ip)
                  values (${principal.domainId}, ${r.name}, ${r.account}, ${r.brand}, ${r.model}, ${r.mac}, ${r.ip})
                  returning id`,
            );
            await grantOnCreate(tx, principal, 'devices', row.id);
            const [item] = await queryRows(tx, sql`${sql.raw(c.selectItem)} where t.id = ${row.id}`);
            await writeChange(tx, {
              domainId: principal.domainId,
              object: 'devices',
              action: 'create',
              userId: principal.userId,
              userIp: request.ip,
              recordId: row.id,
              newState: item,
            });
            out.push({ id: row.id, account: r.account });
          }
          return out;
        });
        return reply.status(201).send({ imported: created.length, items: created });
      } catch (error) {
        // Another import or a create took an account meanwhile.
        if (uniqueViolation(error) !== null) {
          throw new HttpError(
            409,
            'app.devices.conflict',
            'A device with one of these accounts was created meanwhile; nothing was imported.',
          );
        }
        throw error;
      }
    },
  });
}
