import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { keyedError, keyedField } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { registerTopic } from '../../events/hub.js';
import { registerTelephonyEvent } from '../../events/telephony.js';

/** Active-call counts of queues reach the browsers of those who may read the queue. */
registerTopic('queues', { cls: 'cc_queue', recordId: (d) => (typeof d.id === 'number' ? d.id : undefined) });

const queueNamed = z.object({
  queueId: z.number().int().positive().optional(),
  name: z.string().trim().min(1).optional(),
});

type Named = z.output<typeof queueNamed>;

/** The queue an event names (by id or by name, any case), locked for the change; 404 when there is none. */
async function lockQueue(tx: Db, domainId: number, e: Named): Promise<{ id: number; active: number }> {
  if (e.queueId === undefined && e.name === undefined) {
    throw keyedError(400, 'app.queues.validation', 'queueUnnamed', {}, [keyedField('queueId', 'queueUnnamed')]);
  }
  const [row] = await queryRows<{ id: number; active: number }>(
    tx,
    e.queueId !== undefined
      ? sql`select id, active from cc_queues where id = ${e.queueId} and domain_id = ${domainId} for update`
      : sql`select id, active from cc_queues where lower(name) = lower(${e.name}) and domain_id = ${domainId} for update`,
  );
  if (!row) {
    const params = { queue: e.queueId !== undefined ? String(e.queueId) : `"${e.name}"` };
    throw keyedError(404, 'app.queues.not_found', 'queueNotFound', params, [
      keyedField(e.queueId !== undefined ? 'queueId' : 'name', 'queueNotFound', params),
    ]);
  }
  return row;
}

/** Sets the queue's count of calls in progress and says what changed. */
async function setActive(tx: Db, queue: { id: number; active: number }, active: number) {
  const changed = queue.active !== active;
  if (changed) await tx.execute(sql`update cc_queues set active = ${active} where id = ${queue.id}`);
  return {
    result: { queue: { id: queue.id }, active, changed },
    publish: changed ? [{ topic: 'queues', data: { id: queue.id, active } }] : [],
  };
}

/**
 * `queue.call.joined` / `queue.call.left`: a call entered a queue or left it (answered, abandoned,
 * transferred); the queue's active count goes up or down by one, never below 0. `queue.calls`
 * states the count outright (`active`), for the telephony side to set it right after a restart.
 */
registerTelephonyEvent('queue.call.joined', queueNamed, async (tx, e, { principal }) => {
  const queue = await lockQueue(tx, principal.domainId, e);
  return setActive(tx, queue, queue.active + 1);
});

registerTelephonyEvent('queue.call.left', queueNamed, async (tx, e, { principal }) => {
  const queue = await lockQueue(tx, principal.domainId, e);
  return setActive(tx, queue, Math.max(0, queue.active - 1));
});

registerTelephonyEvent(
  'queue.calls',
  queueNamed.extend({ active: z.number().int().min(0).max(1_000_000) }),
  async (tx, e, { principal }) => {
    const queue = await lockQueue(tx, principal.domainId, e);
    return setActive(tx, queue, e.active);
  },
);
