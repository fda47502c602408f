import { queues as queuesDef } from '@switchboard/model';
import { ccQueues } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

/** Members of the queue not yet ended. */
const WAITING_SQL = '(select count(*)::int from cc_queue_members m where m.queue_id = t.id and m.stop_cause is null)';

/** Queues at /api/call_center/queues; their members and sub-lists are served under them. */
export const queuesResource = defineServerResource(queuesDef, {
  table: ccQueues,
  unique: { cc_queues_domain_name: 'name' },
  fields: {
    waiting: { select: WAITING_SQL },
  },
});
