import {
  communicationTypes as communicationTypesDef,
  filterParams,
  MEMBER_STOP_CAUSES_RESET,
  type MemberCommunication,
  memberExpiry,
  queueMembers as membersDef,
  messages,
  queues as queuesDef,
  refText,
  resources as resourcesDef,
} from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { writeChange } from '../../changelog/writer.js';
import type { Principal } from '../../core/principal.js';
import { doc, listQueryDoc } from '../../core/route.js';
import { type SignedInRequest, signedInRoute } from '../../core/signed-in.js';
import type { Db } from '../../db/client.js';
import { ccQueueMembers, type StoredCommunication } from '../../db/schema.js';
import { runStatement, Statement } from '../../db/sql.js';
import { defineServerResource, guardOf } from '../engine/define.js';
import { filterConditions, filterDocs } from '../engine/filters.js';
import { escapeLike, isQueryError, parseListQuery, queryError } from '../engine/list-query.js';
import { linkOf, parentOf } from '../engine/nested.js';
import { listSelect } from '../engine/ops.js';
import { refError, refNameSql, unreadableRefs } from '../engine/refs.js';
import { currentZoneName } from '../lookups/timezone-catalog.js';

/**
 * A member's communications as answered: the stored ones with the names of their type and
 * resource (left out where the record is gone), in their order.
 */
const COMMUNICATIONS_SQL = `(select coalesce(json_agg(json_build_object(
    'destination', c.value->>'destination',
    'display', coalesce(c.value->>'display', ''),
    'priority', coalesce((c.value->>'priority')::int, 0),
    'type', json_build_object('id', (c.value->'type'->>'id')::int,
      'name', coalesce((select ct.name from communication_types ct where ct.id = (c.value->'type'->>'id')::int), '')),
    'resource', case when jsonb_typeof(c.value->'resource') = 'object' then coalesce(
      ${refNameSql(resourcesDef, 'cc_resources', "(c.value->'resource'->>'id')::int")},
      json_build_object('id', (c.value->'resource'->>'id')::int, 'name', ''))
      else null end,
    'description', coalesce(c.value->>'description', ''),
    'dtmf', coalesce(c.value->>'dtmf', '')) order by c.ord), '[]'::json)
  from jsonb_array_elements(t.communications) with ordinality c(value, ord))`;

/**
 * A communication as an export writes it: the destination, then its type and resource by name
 * (by id where the reader may not see the name), e.g. `+15551234 (Phone, Trunk 1)`.
 */
const communicationText = (c: MemberCommunication) =>
  `${c.destination} (${[refText(c.type), c.resource ? refText(c.resource) : ''].filter(Boolean).join(', ')})`;

/** The communications as stored, and their destinations for the exact search. */
function storedCommunications(list: MemberCommunication[]): StoredCommunication[] {
  return list.map((c) => ({
    destination: c.destination,
    display: c.display,
    priority: c.priority,
    type: { id: c.type.id },
    resource: c.resource ? { id: c.resource.id } : null,
    description: c.description,
    dtmf: c.dtmf,
  }));
}

/**
 * Types and resources the communications name that the caller may not use: missing, of another
 * domain or (resources under their class and record rights) unreadable; a problem names
 * `<prefix>communications.<i>.type` or `.resource`.
 */
export async function communicationProblems(
  db: Db,
  principal: Principal,
  list: readonly { type: { id: number } | null; resource?: { id: number } | null }[],
  prefix = '',
) {
  const at = (i: number, field: string) => `${prefix}communications.${i}.${field}`;
  return [
    ...(await unreadableRefs(
      db,
      communicationTypesDef,
      list.flatMap((c, i) => (c.type ? [[at(i, 'type'), c.type.id] as const] : [])),
      principal,
    )),
    ...(await unreadableRefs(
      db,
      resourcesDef,
      list.flatMap((c, i) => (c.resource ? [[at(i, 'resource'), c.resource.id] as const] : [])),
      principal,
    )),
  ];
}

/**
 * Members at /api/call_center/queues/{queueId}/members. `q` finds a name by prefix (`q=ann*`)
 * or exactly, or a destination exactly; a new member expires in 7 days unless told otherwise.
 */
export const queueMembersResource = defineServerResource(membersDef, {
  table: ccQueueMembers,
  ownCollectionDelete: true,
  fields: {
    // A bigserial id as a JSON number on both drivers (pg answers int8 as text); exact below 2^53.
    id: { select: 't.id::float8', column: 't.id' },
    timezone: {
      select: `case when t.timezone is null then null else json_build_object('name', t.timezone) end`,
      column: 't.timezone',
      write: (value, row) => {
        row.timezone = value ? currentZoneName((value as { name: string }).name) : null;
      },
    },
    communications: {
      select: COMMUNICATIONS_SQL,
      exportValue: (value) => ((value ?? []) as MemberCommunication[]).map(communicationText),
      write: (value, row) => {
        const stored = storedCommunications(value as MemberCommunication[]);
        row.communications = stored;
        row.destinations = [...new Set(stored.map((c) => c.destination))];
      },
    },
    destinations: { select: 'to_json(t.destinations)' },
    /** The end cause filter's param (`cause`), over the stored end cause. */
    cause: { column: 't.stop_cause' },
    expireAt: {
      select: `to_char(t.expire_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      write: (value, row) => {
        if (value !== undefined) row.expireAt = value;
      },
    },
  },
  // The matches are gathered first (by the name index and the destinations index) and the page
  // sorted from them: as a plain condition the planner would walk the whole queue in list order,
  // expecting a destination to match far more members than the one it does.
  search: (q, prefix) => {
    const name = prefix ? sql`lower(m.name) like lower(${escapeLike(q)}) || '%'` : sql`lower(m.name) = lower(${q})`;
    return sql`t.id = any(array(select m.id from cc_queue_members m where ${name}
      union select m.id from cc_queue_members m where m.destinations @> array[${q}]::text[]))`;
  },
  beforeRow: async (tx, row, _body, ctx) => {
    if (ctx.op === 'create' && row.expireAt === undefined) row.expireAt = memberExpiry();
    const list = row.communications as StoredCommunication[] | undefined;
    if (!list) return;
    // What the member already held is kept without a check, as for declared references.
    const held = (ctx.old?.communications ?? []) as MemberCommunication[];
    const keptTypes = new Set(held.map((c) => c.type?.id));
    const keptResources = new Set(held.flatMap((c) => (c.resource ? [c.resource.id] : [])));
    const fresh = list.map((c) => ({
      type: keptTypes.has(c.type.id) ? null : c.type,
      resource: c.resource && !keptResources.has(c.resource.id) ? c.resource : null,
    }));
    const problems = await communicationProblems(tx, ctx.principal, fresh);
    if (problems.length) throw refError(membersDef.name, problems);
  },
});

/**
 * Bulk work goes through a queue's members by windows of ids, each a short statement of its own,
 * so other requests run between them (on PGlite, one statement at a time, they would otherwise
 * wait for the whole work). A window is an id range, read through the (queue, id) index whatever
 * the filter; its width follows how long the last one took, aiming at about STEP_MS (a reset
 * of a million on PGlite with windows up to 50,000 held another request for 7 s).
 */
export const MEMBER_WINDOW = { first: 1_000, min: 100, max: 10_000 } as const;
const STEP_MS = 100;

const yieldToOthers = () => new Promise((r) => setImmediate(r));

/** The params of the list's filter and search: a DELETE without any deletes everything only with `all=true`. */
const FILTER_PARAMS = ['q', 'id', ...(membersDef.filters ?? []).flatMap(filterParams)];

const given = (v: unknown) => v !== undefined && v !== '' && !(Array.isArray(v) && v.every((x) => x === ''));

/**
 * Runs `step` over the queue's members window by window (ids after `from`, up to `to`), answering
 * the sum of the rows it changed. The event loop turns between windows.
 */
async function inWindows(
  request: SignedInRequest,
  queueId: number,
  step: (db: Db, from: number, to: number) => Promise<number>,
): Promise<number> {
  const db = request.server.ctx.db;
  const st = new Statement();
  st.text = `select coalesce(min(id), 0)::text as lo, coalesce(max(id), 0)::text as hi from cc_queue_members where queue_id = ${st.param(queueId)}`;
  const [bounds] = await runStatement<{ lo: string; hi: string }>(db, st);
  const last = Number(bounds.hi);
  let after = Number(bounds.lo) - 1;
  let width: number = MEMBER_WINDOW.first;
  let total = 0;
  while (after < last) {
    const started = performance.now();
    const to = Math.min(last, after + width);
    total += await step(db, after, to);
    after = to;
    const took = performance.now() - started;
    // Grows slowly and shrinks fast: a step that takes far longer than the last holds everyone up.
    if (took < STEP_MS / 2) width = Math.min(MEMBER_WINDOW.max, Math.ceil(width * 1.5));
    else if (took > STEP_MS * 2) width = Math.max(MEMBER_WINDOW.min, Math.floor(width / 2));
    await yieldToOthers();
  }
  return total;
}

/** How many rows a statement with `returning 1` touched. */
async function touched(db: Db, st: Statement): Promise<number> {
  return (await runStatement(db, st)).length;
}

const countAnswer = z.object({ count: z.number() });

/** The filter and search a bulk change was asked with, as its entry records them. */
const filterOf = (query: Record<string, unknown>) =>
  Object.fromEntries([...FILTER_PARAMS, 'all'].filter((p) => given(query[p])).map((p) => [p, query[p]]));

/**
 * A bulk change of a queue's members writes one entry on the queue (what, the filter, how many)
 * rather than one per member. The work runs window by window, each its own short statement (see
 * `inWindows`), so the entry follows the last window: it records what was done.
 */
async function logBulk(request: SignedInRequest, queueId: number, bulk: Record<string, unknown>) {
  const principal = request.principal;
  await writeChange(request.server.ctx.db, {
    domainId: principal.domainId,
    object: queuesDef.logObject as string,
    action: 'update',
    userId: principal.userId,
    userIp: request.ip,
    recordId: queueId,
    newState: { bulk },
  });
}

/**
 * `DELETE …/members` with the list's filter and search (or `id` list) deletes the members that
 * match, answering how many (and, for an id list, which); with none of them it wants `all=true`.
 * `PATCH …/members/reset` (empty body) puts back to waiting every member whose end cause is not
 * success, expired or cancel, answering how many.
 */
export function registerQueueMemberRoutes(app: FastifyInstance) {
  const c = queueMembersResource.compiled;
  const link = linkOf(c);
  if (!link) throw new Error('queue members are nested');
  const url = `/api${membersDef.path}`;
  const params = z.object({ queueId: z.string() });

  signedInRoute(app, {
    method: 'DELETE',
    url,
    config: { guard: guardOf(c, 'd'), resource: membersDef.name },
    schema: doc(membersDef.name, 'Delete the members matching the filter (all=true: every member)', {
      params,
      querystring: listQueryDoc
        .pick({ q: true, id: true })
        .extend({ ...filterDocs(membersDef), all: z.string().optional() }),
      response: { 200: countAnswer.extend({ items: z.array(z.object({ id: z.number() })).optional() }) },
    }),
    handler: async (request) => {
      const queueId = await parentOf(c, link, request, 'd');
      const query = request.query as Record<string, unknown>;
      const filtered = FILTER_PARAMS.some((p) => given(query[p]));
      if (!filtered && String(query.all ?? '') !== 'true') {
        throw queryError(membersDef.name, { field: 'all', message: messages.confirmAll });
      }
      const lq = parseListQuery(c.listSpec, { q: query.q, id: query.id });
      if (isQueryError(lq)) throw queryError(membersDef.name, lq);
      const declared = filterConditions(c.filters, query);
      if (!Array.isArray(declared)) throw queryError(membersDef.name, declared);
      const conditions: SQL[] = [link.condition(queueId), ...declared];
      const principal = request.principal;
      const deletedIds: number[] = [];
      const count = await inWindows(request, queueId, async (db, from, to) => {
        const st = new Statement();
        const ids = listSelect(c, principal, lq, conditions, st, 'select t.id from "cc_queue_members" t');
        st.text = `delete from cc_queue_members where id in (${ids} and t.id > ${st.param(from)} and t.id <= ${st.param(to)}) returning id::text as id`;
        const rows = await runStatement<{ id: string }>(db, st);
        if (lq.ids) deletedIds.push(...rows.map((r) => Number(r.id)));
        return rows.length;
      });
      await logBulk(request, queueId, { action: 'delete', filter: filterOf(query), count });
      return lq.ids ? { count, items: deletedIds.map((id) => ({ id })) } : { count };
    },
  });

  signedInRoute(app, {
    method: 'PATCH',
    url: `${url}/reset`,
    config: { guard: guardOf(c, 'w'), resource: membersDef.name },
    schema: doc(membersDef.name, 'Put failed members back to waiting (every end cause but success, expired, cancel)', {
      params,
      response: { 200: countAnswer },
    }),
    handler: async (request) => {
      const queueId = await parentOf(c, link, request, 'w');
      const domainId = request.principal.domainId;
      const count = await inWindows(request, queueId, (db, from, to) => {
        const st = new Statement();
        st.text = `update cc_queue_members set stop_cause = null, attempts = 0, updated_at = now()
          where queue_id = ${st.param(queueId)} and domain_id = ${st.param(domainId)} and id > ${st.param(from)}
          and id <= ${st.param(to)} and stop_cause in ${st.list(MEMBER_STOP_CAUSES_RESET)} returning 1`;
        return touched(db, st);
      });
      await logBulk(request, queueId, { action: 'reset', count });
      return { count };
    },
  });
}
