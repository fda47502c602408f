import { FLOW_TYPES, flows as flowsDef } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../../core/errors.js';
import type { Db } from '../../../db/client.js';
import { flows } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';
import { escapeLike } from '../../engine/list-query.js';
import type { WriteContext } from '../../engine/types.js';
import { forgetRoutes } from '../dialplan/route-cache.js';

const many = (value: unknown): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];

/** `name` (a trailing * is a prefix match), `type` (repeatable) and `tags` (repeatable, any matches). */
export function flowListFilters(query: Record<string, unknown>): SQL[] | { field: string; message: string } {
  const out: SQL[] = [];
  const [rawName] = many(query.name);
  if (rawName) {
    const term = rawName.replace(/\*+$/, '');
    if (term !== rawName) {
      if (term) out.push(sql`lower(t.name) like lower(${escapeLike(term)}) || '%'`);
    } else {
      out.push(sql`lower(t.name) = lower(${term})`);
    }
  }
  const types = many(query.type)
    .flatMap((v) => v.split(','))
    .filter(Boolean);
  for (const type of types) {
    if (!(FLOW_TYPES as readonly string[]).includes(type)) {
      return { field: 'type', message: `Unknown flow type "${type}"` };
    }
  }
  if (types.length)
    out.push(
      sql`t.type in (${sql.join(
        types.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  const tags = many(query.tags).filter(Boolean);
  if (tags.length)
    out.push(
      sql`t.tags && array[${sql.join(
        tags.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`,
    );
  return out;
}

/** Where a flow is used: the names of the dialplan rules, chat plans, chat gateways, triggers and email profiles running it. */
async function flowUsage(tx: Db, flowId: number): Promise<string | null> {
  const rows = await queryRows<{ kind: string; name: string }>(
    tx,
    sql`select 'dialplan rule' as kind, name from dialplan where flow_id = ${flowId}
        union all select 'chat plan' as kind, name from chatplan where flow_id = ${flowId}
        union all select 'chat gateway' as kind, name from chat_gateways where flow_id = ${flowId}
        union all select 'trigger' as kind, name from triggers where flow_id = ${flowId}
        union all select 'email profile' as kind, name from email_profiles where flow_id = ${flowId}
        order by 1, 2 limit 20`,
  );
  if (!rows.length) return null;
  return rows.map((r) => `"${r.name}"`).join(', ');
}

const inUse = (names: string, key: 'flowInUse' | 'flowTypeInUse') =>
  keyedError(409, 'app.flows.in_use', key, { names }, [keyedField('id', key, { names })]);

/** The schema a save replaces becomes the flow's next version, in the save's transaction. */
async function keepVersion(tx: Db, flowId: number, schema: unknown, ctx: WriteContext) {
  if (ctx.op === 'create' || !ctx.old) return;
  const before = JSON.stringify(ctx.old.schema ?? []);
  const [same] = await queryRows<{ same: boolean }>(
    tx,
    sql`select ${before}::jsonb = ${JSON.stringify(schema)}::jsonb as same`,
  );
  if (same?.same) return;
  await tx.execute(sql`insert into flow_versions (domain_id, flow_id, version, schema, saved_by)
    select ${ctx.principal.domainId}, ${flowId}, coalesce(max(version), 0) + 1, ${before}::jsonb, ${ctx.principal.userId}
    from flow_versions where flow_id = ${flowId}`);
}

export const flowsResource = defineServerResource(flowsDef, {
  table: flows,
  fields: {
    schema: {
      write: (value, row) => {
        row.schema = value;
      },
      afterWrite: keepVersion,
    },
    type: {
      write: (value, row) => {
        row.type = value;
      },
      // A dialplan rule runs a voice flow, a chat plan a chat flow, a trigger a service flow: a used flow keeps its type.
      afterWrite: async (tx, flowId, value, ctx) => {
        if (ctx.op === 'create' || !ctx.old || ctx.old.type === value) return;
        const usage = await flowUsage(tx, flowId);
        if (usage) throw inUse(usage, 'flowTypeInUse');
      },
    },
  },
  listFilters: flowListFilters,
  // The route decisions keep the dialplan's flows: forgotten on every node after a change.
  afterCommit: (app) => forgetRoutes(app),
  beforeDelete: async (item, _ctx, tx) => {
    const usage = await flowUsage(tx, item.id as number);
    if (usage) throw inUse(usage, 'flowInUse');
  },
});
