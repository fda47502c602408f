import { ATTEMPT_RESULTS, MEMBER_ATTEMPT_EVENT, messages, pastEpochMs } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { keyedError, keyedField } from '../../core/errors.js';
import { validationError } from '../../core/route.js';
import { queryRows } from '../../db/sql.js';
import { registerTelephonyEvent } from '../../events/telephony.js';

const id = () => z.number().int().positive().max(2_147_483_647);

/** `member.attempt`: the fields besides `type` (README "Live events and the telephony side"). */
export const memberAttemptEvent = z.object({
  queueId: id(),
  memberId: z.number().int().positive().optional(),
  destination: z.string().trim().max(200).default(''),
  agentId: id().optional(),
  joinedAt: pastEpochMs(),
  offeringAt: pastEpochMs().optional(),
  leavingAt: pastEpochMs().optional(),
  /** Seconds; by default from joinedAt to leavingAt (0 while it has not left). */
  duration: z.number().int().min(0).max(2_147_483_647).optional(),
  attempts: z.number().int().min(1).max(100_000).default(1),
  result: z.enum(ATTEMPT_RESULTS),
});

const notFound = (field: string, resource: string) =>
  keyedError(404, `app.${resource}.not_found`, 'notFound', { resource }, [keyedField(field, 'notFound', { resource })]);

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/**
 * `member.attempt`: the telephony side reports one attempt to serve a member of a queue (the
 * queue's attempts log, `/call_center/queues/{queueId}/attempts`, gets one entry). The queue,
 * the member (where given, one of that queue's) and the agent (where given) must be of the
 * caller's domain: else 404 naming the field. Times are epoch ms; leavingAt may not come before
 * joinedAt (400).
 */
registerTelephonyEvent(MEMBER_ATTEMPT_EVENT, memberAttemptEvent, async (tx, e, { principal }) => {
  const domainId = principal.domainId;
  const [queue] = await queryRows<{ id: number }>(
    tx,
    sql`select id from cc_queues where id = ${e.queueId} and domain_id = ${domainId}`,
  );
  if (!queue) throw notFound('queueId', 'queues');
  if (e.memberId !== undefined) {
    const [member] = await queryRows(
      tx,
      sql`select 1 from cc_queue_members where id = ${e.memberId} and queue_id = ${e.queueId} and domain_id = ${domainId}`,
    );
    if (!member) throw notFound('memberId', 'queueMembers');
  }
  if (e.agentId !== undefined) {
    const [agent] = await queryRows(tx, sql`select 1 from agents where id = ${e.agentId} and domain_id = ${domainId}`);
    if (!agent) {
      const params = { agent: String(e.agentId) };
      throw keyedError(404, 'app.agents.not_found', 'agentNotFound', params, [
        keyedField('agentId', 'agentNotFound', params),
      ]);
    }
  }
  if (e.leavingAt !== undefined && e.leavingAt < e.joinedAt) {
    throw validationError('queueAttempts', [{ field: 'leavingAt', message: messages.dateOrder }]);
  }
  const duration = e.duration ?? (e.leavingAt === undefined ? 0 : Math.round((e.leavingAt - e.joinedAt) / 1000));
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into cc_queue_attempts
          (domain_id, queue_id, member_id, destination, agent_id, joined_at, offering_at, leaving_at, duration, attempts, result)
        values (${domainId}, ${e.queueId}, ${e.memberId ?? null}, ${e.destination}, ${e.agentId ?? null},
          ${iso(e.joinedAt)}, ${iso(e.offeringAt)}, ${iso(e.leavingAt)}, ${duration}, ${e.attempts}, ${e.result})
        returning id`,
  );
  return { result: { queue: { id: e.queueId }, attempt: { id: Number(row.id) }, result: e.result, duration } };
});
