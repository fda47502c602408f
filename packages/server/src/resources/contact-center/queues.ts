import {
  completeQueuePayload,
  flows as flowsDef,
  media as mediaDef,
  messages,
  queues as queuesDef,
  type ResourceDef,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../core/principal.js';
import { validationError } from '../../core/route.js';
import type { Db } from '../../db/client.js';
import { ccQueues } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';
import { defineServerResource } from '../engine/define.js';
import { unreadableRefs } from '../engine/refs.js';
import type { WriteContext } from '../engine/types.js';

/** Members of the queue not yet ended. */
const WAITING_SQL = '(select count(*)::int from cc_queue_members m where m.queue_id = t.id and m.stop_cause is null)';

type Row = Record<string, unknown>;
const idOf = (v: unknown): number | null =>
  v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number' ? (v as { id: number }).id : null;

/**
 * Records a queue's settings point at from inside its JSON (the processing form, the AMD
 * playback) go through the one reference check (of the caller's domain and readable by the
 * caller: else answered as missing; one the queue already held is kept, as with declared
 * references), and the form must be a processing flow.
 */
async function settingRefProblems(tx: Db, principal: Principal, body: Row, old: Row | null) {
  const out: { field: string; message: string }[] = [];
  const refused = async (target: ResourceDef, field: string, id: number, before: unknown) =>
    id !== idOf(before) && (await unreadableRefs(tx, target, [[field, id]], principal)).length > 0;
  const form = idOf((body.taskProcessing as Row | undefined)?.formSchema);
  if (form !== null) {
    const [flow] = (await refused(flowsDef, 'formSchema', form, (old?.taskProcessing as Row | undefined)?.formSchema))
      ? []
      : await queryRows<{ type: string }>(
          tx,
          sql`select type from flows where id = ${form} and domain_id = ${principal.domainId}`,
        );
    if (!flow) out.push({ field: 'taskProcessing.formSchema', message: messages.noSuchRecord });
    else if (flow.type !== 'processing') {
      out.push({ field: 'taskProcessing.formSchema', message: `${messages.oneOf} processing` });
    }
  }
  const amd = (body.payload as Row | undefined)?.amd as Row | undefined;
  const playback = idOf(amd?.playback);
  const oldAmd = (old?.payload as Row | undefined)?.amd as Row | undefined;
  if (playback !== null && (await refused(mediaDef, 'playback', playback, oldAmd?.playback))) {
    out.push({ field: 'payload.amd.playback', message: messages.noSuchRecord });
  }
  return out;
}

/**
 * A write of a queue's payload stores the whole of its type's settings: what the request leaves
 * out takes the type's default (checkVariant has already refused keys the type does not have and
 * values out of range).
 */
async function beforeWrite(body: Row, ctx: WriteContext, tx?: Db) {
  const type = Number(ctx.old?.type ?? body.type);
  if (body.payload && typeof body.payload === 'object') {
    body.payload = completeQueuePayload(type, body.payload as Row);
  }
  const problems = await settingRefProblems(tx ?? ctx.app.db, ctx.principal, body, ctx.old ?? null);
  if (problems.length) throw validationError(queuesDef.name, problems);
}

/** Queues at /api/call_center/queues; their members and sub-lists are served under them. */
export const queuesResource = defineServerResource(queuesDef, {
  table: ccQueues,
  unique: { cc_queues_domain_name: 'name' },
  fields: {
    waiting: { select: WAITING_SQL },
  },
  beforeWrite,
});
