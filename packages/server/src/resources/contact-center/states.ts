import type { AgentStatus } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/sql.js';
import { registerTopic } from '../../events/hub.js';

/** Agent status changes reach the browsers of those who may read agents (and, under rbac, the agent). */
registerTopic('agents', { cls: 'cc_agent', recordId: (data) => data.id as number });

export type AgentStatusRow = { id: number; status: AgentStatus; statusPayload: string };

export type StatusChange = {
  status: AgentStatus;
  /** The pause cause of a pause. */
  payload: string;
  channel: string;
  /** ISO instant of the change. */
  at: string;
};

/**
 * Applies a status change to a locked agent row: the open history entry gets its duration, a
 * new one starts, the agent holds the new status from `at`. The same status with the same
 * payload changes nothing. Answers the live event to publish, or null.
 */
export async function changeStatus(
  tx: Db,
  domainId: number,
  agent: AgentStatusRow,
  change: StatusChange,
): Promise<Record<string, unknown> | null> {
  if (agent.status === change.status && agent.statusPayload === change.payload) return null;
  await tx.execute(sql`update agent_states
    set duration = greatest(0, round(extract(epoch from (${change.at}::timestamptz - joined_at))))::int
    where agent_id = ${agent.id} and duration is null`);
  await tx.execute(sql`insert into agent_states (domain_id, agent_id, joined_at, from_status, to_status, channel, payload)
    values (${domainId}, ${agent.id}, ${change.at}, ${agent.status}, ${change.status}, ${change.channel}, ${change.payload})`);
  await tx.execute(sql`update agents set status = ${change.status}, status_payload = ${change.payload},
    status_changed_at = ${change.at} where id = ${agent.id}`);
  // The list shows the time in the status: it starts from the change.
  const statusDuration = Math.max(0, Math.floor((Date.now() - Date.parse(change.at)) / 1000));
  return { id: agent.id, status: change.status, statusPayload: change.payload, statusDuration };
}

/** The agent row locked for a status change, by id or by its user's username; null when none. */
export async function lockAgent(
  tx: Db,
  domainId: number,
  by: { id?: number; username?: string },
): Promise<AgentStatusRow | null> {
  const where =
    by.id !== undefined
      ? sql`a.id = ${by.id}`
      : sql`a.user_id = (select u.id from users u where u.domain_id = ${domainId} and lower(u.username) = lower(${by.username}))`;
  const [row] = await queryRows<AgentStatusRow>(
    tx,
    sql`select a.id, a.status, a.status_payload as "statusPayload" from agents a
        where a.domain_id = ${domainId} and ${where} for update`,
  );
  return row ?? null;
}
