import {
  agents as agentsDef,
  buckets as bucketsDef,
  type ImportMappings,
  importTemplates as importTemplatesDef,
  isTimezone,
  MEMBER_COMMUNICATIONS_MAX,
  MEMBER_EXPIRY_DAYS,
  type MemberImportOptions,
  importTemplateMessages as m,
  messages,
  queues as queuesDef,
  type ResourceDef,
  restoreCsvCell,
  TIMEZONE_UNKNOWN,
} from '@switchboard/model';
import { z } from 'zod';
import { loadPrincipal } from '../../../auth/principal.js';
import type { AppContext } from '../../../context.js';
import { type RawTx, rawQuery } from '../../../db/raw.js';
import type { StoredCommunication as StoredCommunicationShape } from '../../../db/schema.js';
import { readableCondition } from '../../engine/refs.js';
import { type ImportScope, type RowReader, registerImporter } from '../../imports/importer.js';
import { importTemplatesResource } from './import-templates.js';
import { memberSettle } from './member-settle.js';

/** The name imports of members are recorded under (`imports.resource`). */
export const MEMBER_IMPORT = 'queueMembers';

type Problem = { field: string; message: string };

/** A text array literal (`{"a","b"}`) as PostgreSQL reads it for `text[]`. */
export const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** A member's expiry unless its row sets one (spec part 2 section 9: 7 days). */
export const defaultExpiry = (now = Date.now()) => new Date(now + MEMBER_EXPIRY_DAYS * 86_400_000).toISOString();

/**
 * An expiry as a file writes it: a date (its midnight UTC), an ISO date and time, or epoch
 * milliseconds (as the original console's exports do). Null when it is none of these.
 */
export function parseExpiry(text: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00:00.000Z`;
  const ms = /^\d{10,13}$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 9999 ? date.toISOString() : null;
}

const DTMF = /^[0-9*#A-Da-d]*$/;
const WHOLE = /^\d{1,9}$/;

/** What a row's cells are checked against: the domain's communication types, buckets and agents. */
export type MemberLookups = {
  codes: Map<string, number>;
  buckets: Map<string, number>;
  bucketIds: Set<number>;
  agentIds: Set<number>;
};

/**
 * The domain's communication types, and the buckets and agents the user may reference (read
 * under their class and record rights): a row naming another is refused like a missing one.
 * Imports run as a job: the user's rights are read again (a user gone or disabled may use none).
 */
export async function memberLookups(ctx: AppContext, domainId: number, userId: number | null): Promise<MemberLookups> {
  const raw = ctx.raw!;
  const principal =
    userId === null ? null : await loadPrincipal(ctx.db, { id: 0, userId, expiresAt: null, kind: 'token' });
  const may = (target: ResourceDef) =>
    principal && principal.domainId === domainId ? readableCondition(target, principal) : 'false';
  const [codes, buckets, agents] = await Promise.all([
    rawQuery<{ id: number; code: string }>(raw, 'select id, code from communication_types where domain_id = $1', [
      domainId,
    ]),
    rawQuery<{ id: number; name: string }>(
      raw,
      `select r.id, r.name from buckets r where r.domain_id = $1 and ${may(bucketsDef)}`,
      [domainId],
    ),
    rawQuery<{ id: number }>(raw, `select r.id from agents r where r.domain_id = $1 and ${may(agentsDef)}`, [domainId]),
  ]);
  return {
    codes: new Map(codes.map((c) => [c.code.trim().toLowerCase(), c.id])),
    buckets: new Map(buckets.map((b) => [b.name.trim().toLowerCase(), b.id])),
    bucketIds: new Set(buckets.map((b) => b.id)),
    agentIds: new Set(agents.map((a) => a.id)),
  };
}

/** The column a mapping names: a header cell (any case) or, failing that, a number from 1. */
export function columnIndex(value: string, header: string[] | null): number | null {
  const wanted = value.trim().toLowerCase();
  if (header) {
    const at = header.findIndex((h) => h.trim().toLowerCase() === wanted);
    if (at >= 0) return at;
  }
  if (/^\d{1,3}$/.test(wanted) && Number(wanted) >= 1) {
    const n = Number(wanted) - 1;
    return header && n >= header.length ? null : n;
  }
  return null;
}

/** A member row as staged: the columns of `cc_queue_members` it fills, as text. */
export type MemberRow = {
  name: string;
  priority: number;
  bucketId: number | null;
  timezone: string | null;
  communications: StoredCommunicationShape[];
  variables: Record<string, string>;
  expireAt: string;
  agentId: number | null;
};

/**
 * How rows become members under a template's mappings: resolves the mapped columns against the
 * header (problems name `mappings.<field>`), then reads each row into a member or its problems
 * (line, field, message). Destination and code columns pair by position; an empty destination is
 * no communication; an unknown code is the row's error.
 */
export function memberReader(
  mappings: ImportMappings,
  header: string[] | null,
  lookups: MemberLookups,
  expiry = defaultExpiry(),
): RowReader {
  const problems: Problem[] = [];
  const one = (field: keyof ImportMappings): number | null => {
    const value = mappings[field];
    if (typeof value !== 'string' || value === '') return null;
    const at = columnIndex(value, header);
    if (at === null) problems.push({ field: `mappings.${field}`, message: `${m.noSuchColumn}: ${value}` });
    return at;
  };
  const many = (field: 'variables' | 'destination' | 'code') =>
    mappings[field].map((value, i) => {
      const at = columnIndex(value, header);
      if (at === null) problems.push({ field: `mappings.${field}.${i}`, message: `${m.noSuchColumn}: ${value}` });
      return { at: at ?? -1, key: header && at !== null ? header[at].trim() || value : value };
    });
  const cols = {
    name: one('name'),
    timezone: one('timezoneId'),
    priority: one('priority'),
    expireAt: one('expireAt'),
    bucket: one('bucketId'),
    agent: one('agentId'),
    commPriority: one('commPriority'),
    description: one('description'),
    dtmf: one('dtmf'),
  };
  const variables = many('variables');
  const destinations = many('destination');
  const codes = many('code');

  const read = (cells: string[]): ReturnType<RowReader['read']> => {
    const cell = (at: number | null) => (at === null || at < 0 ? '' : restoreCsvCell((cells[at] ?? '').trim()));
    const errors: Problem[] = [];
    const name = cell(cols.name);
    if (!name) errors.push({ field: 'name', message: messages.required });
    const whole = (field: string, at: number | null) => {
      const text = cell(at);
      if (text === '') return 0;
      if (!WHOLE.test(text)) {
        errors.push({ field, message: `${messages.min} 0` });
        return 0;
      }
      return Number(text);
    };
    const priority = whole('priority', cols.priority);
    const commPriority = whole('commPriority', cols.commPriority);
    const tz = cell(cols.timezone);
    if (tz && !isTimezone(tz)) errors.push({ field: 'timezoneId', message: TIMEZONE_UNKNOWN });
    const expiryText = cell(cols.expireAt);
    let expireAt = expiry;
    if (expiryText) {
      const parsed = parseExpiry(expiryText);
      if (parsed) expireAt = parsed;
      else errors.push({ field: 'expireAt', message: m.expireAt });
    }
    let bucketId: number | null = null;
    const bucketText = cell(cols.bucket);
    if (bucketText) {
      const byId = WHOLE.test(bucketText) && lookups.bucketIds.has(Number(bucketText)) ? Number(bucketText) : null;
      bucketId = byId ?? lookups.buckets.get(bucketText.toLowerCase()) ?? null;
      if (bucketId === null) errors.push({ field: 'bucketId', message: `${m.noSuchBucket}: ${bucketText}` });
    }
    let agentId: number | null = null;
    const agentText = cell(cols.agent);
    if (agentText) {
      agentId = WHOLE.test(agentText) && lookups.agentIds.has(Number(agentText)) ? Number(agentText) : null;
      if (agentId === null) errors.push({ field: 'agentId', message: `${m.noSuchAgent}: ${agentText}` });
    }
    const description = cell(cols.description);
    const dtmf = cell(cols.dtmf);
    if (!DTMF.test(dtmf)) errors.push({ field: 'dtmf', message: m.dtmf });
    const communications: StoredCommunicationShape[] = [];
    destinations.forEach((d, i) => {
      const destination = cell(d.at);
      if (!destination) return;
      const code = cell(codes[i]?.at ?? -1);
      const type = code ? lookups.codes.get(code.toLowerCase()) : undefined;
      if (!code) errors.push({ field: 'code', message: messages.required });
      else if (type === undefined) errors.push({ field: 'code', message: `${m.unknownCode}: ${code}` });
      communications.push({
        destination,
        display: '',
        priority: commPriority,
        type: { id: type ?? 0 },
        resource: null,
        description,
        dtmf,
      });
    });
    if (!communications.length) errors.push({ field: 'destination', message: m.noDestination });
    if (communications.length > MEMBER_COMMUNICATIONS_MAX)
      errors.push({ field: 'destination', message: m.tooManyCommunications });
    if (errors.length) return { errors };
    const vars: Record<string, string> = {};
    for (const v of variables) {
      const value = cell(v.at);
      if (value !== '') vars[v.key] = value;
    }
    const record: MemberRow = {
      name,
      priority,
      bucketId,
      timezone: tz || null,
      communications,
      variables: vars,
      expireAt,
      agentId,
    };
    return { record };
  };
  return { problems, read };
}

/** The staged columns of a member, in order (c0…c8 of the staging table). */
const MEMBER_COLUMNS = [
  { column: 'name', value: (r: MemberRow) => r.name },
  { column: 'priority', value: (r: MemberRow) => String(r.priority), cast: 'int' },
  { column: 'bucket_id', value: (r: MemberRow) => (r.bucketId === null ? null : String(r.bucketId)), cast: 'int' },
  { column: 'timezone', value: (r: MemberRow) => r.timezone },
  { column: 'communications', value: (r: MemberRow) => JSON.stringify(r.communications), cast: 'jsonb' },
  {
    column: 'destinations',
    value: (r: MemberRow) => textArray(r.communications.map((c) => c.destination)),
    cast: 'text[]',
  },
  { column: 'variables', value: (r: MemberRow) => JSON.stringify(r.variables), cast: 'jsonb' },
  { column: 'expire_at', value: (r: MemberRow) => r.expireAt, cast: 'timestamptz' },
  { column: 'agent_id', value: (r: MemberRow) => (r.agentId === null ? null : String(r.agentId)), cast: 'int' },
] as const;
const DESTINATIONS = MEMBER_COLUMNS.findIndex((c) => c.column === 'destinations');

const optionsOf = (options: Record<string, unknown>) => options as unknown as MemberImportOptions;

/**
 * Staged lines `from < line <= to` into the queue: new members inserted, replaced ones updated.
 *
 * Only the `update` policy (without clearMembers) names members to replace. Their update reaches
 * each member by its primary key from the chunk's rows: the queue's own indexes are kept out of it
 * (`+ 0`), so no estimate can turn it into a scan of every member of the queue for each row (a
 * resumed import, whose tables' statistics were old, took 83 s a chunk that way), and no read of
 * the whole table is planned either (a hash or merge join over every member, chosen because the
 * chunk's replacements looked many next to a table of a few thousand, reads the table once a
 * chunk): the members replaced are named by their ids, each one probe of the primary key.
 */
async function loadMembers(
  tx: RawTx,
  scope: ImportScope,
  staging: string,
  range: { from: number; to: number },
  options: Record<string, unknown>,
): Promise<number> {
  const o = optionsOf(options);
  const value = (i: number) => {
    const c = MEMBER_COLUMNS[i] as { cast?: string };
    return c.cast ? `s.c${i}::${c.cast}` : `s.c${i}`;
  };
  const names = MEMBER_COLUMNS.map((c) => c.column);
  const params: unknown[] = [scope.domainId, o.queueId, range.from, range.to];
  let replaces = false;
  if (o.duplicates === 'update' && !o.clearMembers) {
    const [{ ids }] = await tx.query<{ ids: string[] | null }>(
      `select array_agg(target)::text[] as ids from ${staging} where line > $1 and line <= $2 and target is not null`,
      [range.from, range.to],
    );
    replaces = ids !== null;
    params.push(ids);
    // For this chunk's transaction only: the staging table, which PostgreSQL reads whole, has no other way.
    if (replaces) await tx.query('set local enable_seqscan = off');
  }
  const [out] = await tx.query<{ n: number }>(
    `with ins as (
       insert into cc_queue_members (domain_id, queue_id, ${names.join(', ')})
       select $1, $2, ${names.map((_, i) => value(i)).join(', ')}
       from ${staging} s where s.line > $3 and s.line <= $4 and s.target is null order by s.line
       returning 1
     )${
       replaces
         ? `,
     upd as (
       update cc_queue_members t set ${names.map((n, i) => `${n} = ${value(i)}`).join(', ')}, updated_at = now()
       from ${staging} s where s.line > $3 and s.line <= $4 and s.target is not null
         and t.id = any($5::bigint[]) and t.id = s.target and t.queue_id + 0 = $2
       returning 1
     )`
         : ''
     }
     select ((select count(*) from ins)${replaces ? ' + (select count(*) from upd)' : ''})::int as n`,
    replaces ? params : params.slice(0, 4),
  );
  return out.n;
}

/**
 * Members from a CSV file through a template (`POST /storage/import_templates/{id}/import`): the
 * import pipeline reads and checks the rows with the template's mappings, applies the
 * duplicate-destination policy and loads the rows into `cc_queue_members`.
 */
export const memberImporter = registerImporter({
  def: {
    ...importTemplatesDef,
    name: MEMBER_IMPORT,
    import: { columns: [], mapping: true },
  } as typeof importTemplatesDef & { import: { columns: []; mapping: true } },
  compiled: importTemplatesResource.compiled,
  noUpload: true,
  // Members come in under their queue: the entry is the queue's.
  logObject: queuesDef.logObject,
  schema: z.unknown(),
  keyField: 'destination',
  key: (record) => (record as MemberRow).communications[0]?.destination ?? '',
  table: 'cc_queue_members',
  columns: MEMBER_COLUMNS.map((c) => ({
    column: c.column,
    value: (r: Record<string, unknown>) => c.value(r as unknown as MemberRow),
  })),
  fixed: (scope) => ({ domain_id: scope.domainId, queue_id: scope.parentId as number }),
  takenKeys: () => 'select null::text where false',
  insertedKey: 'null',
  duplicateMessage: m.destinationRepeated,
  takenMessage: m.destinationTaken,
  reader: async (ctx, scope, options, header) =>
    memberReader(optionsOf(options).mappings, header, await memberLookups(ctx, scope.domainId, scope.userId)),
  settle: memberSettle(`c${DESTINATIONS}`),
  onLoading: async (tx, _scope, options) => {
    const o = optionsOf(options);
    if (o.clearMembers) await tx.query('delete from cc_queue_members where queue_id = $1', [o.queueId]);
  },
  loadRange: loadMembers,
});
