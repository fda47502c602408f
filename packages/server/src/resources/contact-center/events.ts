import { AGENT_STATUSES, pastEpochMs } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { keyedError, keyedField } from '../../core/errors.js';
import { queryRows } from '../../db/sql.js';
import { registerTelephonyEvent } from '../../events/telephony.js';
import { changeStatus, lockAgent } from './states.js';

/**
 * `agent.status`: the telephony side reports an agent's new status. The agent is named by its
 * id or its user's username; a pause carries its cause (`pauseCause`, any text the telephony
 * side knows it by), the channel the change came from (call, chat...) and when it happened
 * (epoch milliseconds, now by default). The change closes the open state-history entry, starts
 * a new one and is pushed to the agents lists that are open.
 */
registerTelephonyEvent(
  'agent.status',
  z.object({
    agentId: z.number().int().positive().optional(),
    username: z.string().trim().min(1).optional(),
    status: z.enum(AGENT_STATUSES),
    pauseCause: z.string().trim().max(200).default(''),
    channel: z.string().trim().max(50).default(''),
    time: pastEpochMs().optional(),
  }),
  async (tx, e, { principal }) => {
    if (e.agentId === undefined && e.username === undefined) {
      throw keyedError(400, 'app.agents.validation', 'agentUnnamed', {}, [keyedField('username', 'agentUnnamed')]);
    }
    const agent = await lockAgent(tx, principal.domainId, { id: e.agentId, username: e.username });
    if (!agent) {
      const params = { agent: e.agentId !== undefined ? String(e.agentId) : `"${e.username}"` };
      const field = e.agentId !== undefined ? 'agentId' : 'username';
      throw keyedError(404, 'app.agents.not_found', 'agentNotFound', params, [
        keyedField(field, 'agentNotFound', params),
      ]);
    }
    // A report of a time before the last change would reorder the history: it counts from that change.
    const [last] = await queryRows<{ at: string | null }>(
      tx,
      sql`select to_char(max(joined_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
          from agent_states where agent_id = ${agent.id}`,
    );
    let at = e.time === undefined ? new Date().toISOString() : new Date(e.time).toISOString();
    if (last?.at && at < last.at) at = last.at;
    const payload = e.status === 'pause' || e.status === 'breakOut' ? e.pauseCause : '';
    const live = await changeStatus(tx, principal.domainId, agent, {
      status: e.status,
      payload,
      channel: e.channel,
      at,
    });
    return {
      result: { agent: { id: agent.id }, status: e.status, changed: live !== null },
      publish: live ? [{ topic: 'agents', data: live }] : [],
    };
  },
);
