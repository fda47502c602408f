import { auditLogEntry, type ResourceDef } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loggerEntries } from '../../../db/schema.js';
import { compile } from '../../engine/compile.js';
import { parseBody, queryError } from '../../engine/http.js';
import { isQueryError, parseListQuery } from '../../engine/list-query.js';
import { type ListAnswer, listItems } from '../../engine/ops.js';

/** Change-log and sign-in entries, listed like any resource (paging, sort, fields). */
const logEntriesDef: ResourceDef = {
  name: 'logs',
  path: '/logger/logs',
  objClass: null,
  area: 'system',
  route: '/system/changelogs',
  input: z.object({}),
  item: auditLogEntry,
  fields: ['id', 'action', 'object', 'recordId', 'date', 'user', 'userIp', 'newState', 'oldState'],
  listFields: ['id', 'action', 'object', 'recordId', 'date', 'user', 'userIp', 'newState', 'oldState'],
  search: [],
  sort: ['id', 'date', 'action', 'object', 'userIp', 'recordId'],
  defaultSort: '-date',
  columns: [],
  recordAcl: false,
  ops: { create: false, update: false, patch: false, delete: false },
};

const logEntries = compile(logEntriesDef, {
  table: loggerEntries,
  recordClass: null,
  fields: {
    id: { select: 't.id::float8', column: 't.id' },
    user: {
      select: `(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = t.user_id)`,
      column: 't.user_id',
    },
  },
});

/** Filters of both log searches; times are epoch milliseconds. */
export const logFilters = z.object({
  action: z.string().optional(),
  object: z.string().optional(),
  userIp: z.string().optional(),
  user: z.coerce.number({ error: 'Should be numeric' }).int().positive().optional(),
  from: z.coerce.number({ error: 'Should be numeric' }).int().optional(),
  to: z.coerce.number({ error: 'Should be numeric' }).int().optional(),
});

export const logQueryDoc = logFilters.extend({
  page: z.string().optional(),
  size: z.string().optional(),
  sort: z.string().optional().describe('+field or -field; default -date'),
  fields: z.union([z.string(), z.array(z.string())]).optional(),
});

export const logAnswerDoc = z.object({ items: z.array(auditLogEntry.partial()), next: z.boolean() });

/** Lists log entries of the caller's domain matching the query's filters and `fixed` conditions. */
export async function listLogEntries(request: FastifyRequest, fixed: SQL[]): Promise<ListAnswer> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const lq = parseListQuery(logEntries.listSpec, query);
  if (isQueryError(lq)) throw queryError('logs', lq);
  const { page: _p, size: _s, sort: _o, fields: _f, id: _i, q: _q, ...rest } = query;
  const f = parseBody('logs', logFilters, rest);
  const where = [...fixed];
  if (f.action) where.push(sql`t.action = ${f.action}`);
  if (f.object) where.push(sql`t.object = ${f.object}`);
  if (f.userIp) where.push(sql`t.user_ip = ${f.userIp}`);
  if (f.user) where.push(sql`t.user_id = ${f.user}`);
  if (f.from !== undefined) where.push(sql`t.date >= to_timestamp(${f.from}::float8 / 1000)`);
  if (f.to !== undefined) where.push(sql`t.date <= to_timestamp(${f.to}::float8 / 1000)`);
  return listItems(request.server.ctx.db, logEntries, request.principal!, lq, where);
}
