import { agents as agentsDef, messages, users as usersDef } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agentAuditors, agentSupervisors, agents } from '../../db/schema.js';
import { keyedError, keyedField } from '../../http/errors.js';
import { USER_NAME_SQL } from '../directory/users/users.js';
import { defineServerResource } from '../engine/define.js';
import { refError, refNameSql, unreadableRefs } from '../engine/refs.js';
import type { WriteContext } from '../engine/types.js';
import { AGENT_NAME_SQL } from './shared.js';

const NAME = AGENT_NAME_SQL('t');

const many = (value: unknown): string[] =>
  (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]).filter((v) => v !== '');

const MAX_ID = 2_147_483_647;

/** One record id from a query param, or a field error naming it. */
function idParam(query: Record<string, unknown>, key: string): number | undefined | { field: string; message: string } {
  const [raw] = many(query[key]);
  if (raw === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) return { field: key, message: messages.idType };
  return Number(raw);
}

function flagParam(
  query: Record<string, unknown>,
  key: string,
): boolean | undefined | { field: string; message: string } {
  const [raw] = many(query[key]);
  if (raw === undefined) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return { field: key, message: `${messages.oneOf} true, false` };
}

/**
 * Filters of the agents list (spec part 2 section 7) besides the declared team: skill,
 * supervisorId (the subordinates of a supervisor), isSupervisor, isNotSupervisor, notTeamId,
 * notSkillId, notSupervisorOf (the candidates of a team's, a skill's or a supervisor's add dialog).
 */
export function agentListFilters(query: Record<string, unknown>): SQL[] | { field: string; message: string } {
  const out: SQL[] = [];
  for (const key of ['skill', 'supervisorId', 'notTeamId', 'notSkillId', 'notSupervisorOf'] as const) {
    const id = idParam(query, key);
    if (id === undefined) continue;
    if (typeof id === 'object') return id;
    if (key === 'skill')
      out.push(sql`exists (select 1 from agent_skills s where s.agent_id = t.id and s.skill_id = ${id})`);
    if (key === 'supervisorId')
      out.push(sql`exists (select 1 from agent_supervisors s where s.agent_id = t.id and s.supervisor_id = ${id})`);
    if (key === 'notTeamId') out.push(sql`t.team_id is distinct from ${id}`);
    if (key === 'notSkillId')
      out.push(sql`not exists (select 1 from agent_skills s where s.agent_id = t.id and s.skill_id = ${id})`);
    if (key === 'notSupervisorOf')
      out.push(
        sql`t.id <> ${id} and not exists (select 1 from agent_supervisors s where s.agent_id = t.id and s.supervisor_id = ${id})`,
      );
  }
  for (const key of ['isSupervisor', 'isNotSupervisor'] as const) {
    const flag = flagParam(query, key);
    if (flag === undefined) continue;
    if (typeof flag === 'object') return flag;
    if (flag) out.push(key === 'isSupervisor' ? sql`t.is_supervisor` : sql`not t.is_supervisor`);
  }
  return out;
}

const refId = (value: unknown) => (value as { id: number } | null | undefined)?.id;

/**
 * The user goes through the reference check like the declared references (the team among
 * them): a user of another domain, missing, or that the caller may not read is refused. An
 * agent is not its own supervisor.
 */
async function checkAgent(body: Record<string, unknown>, ctx: WriteContext, tx?: Db) {
  const userId = refId(body.user);
  if (userId !== undefined && userId !== refId(ctx.old?.user)) {
    const problems = await unreadableRefs(tx ?? ctx.app.db, usersDef, [['user', userId]], ctx.principal);
    if (problems.length) throw refError(agentsDef.name, problems);
  }
  const selfId = ctx.old?.id as number | undefined;
  const supervisors = (body.supervisor as { id: number }[] | undefined) ?? [];
  const index = supervisors.findIndex((s) => s.id === selfId);
  if (selfId !== undefined && index >= 0) {
    throw keyedError(400, 'app.agents.validation', 'selfSupervisor', {}, [
      keyedField(`supervisor.${index}`, 'selfSupervisor'),
    ]);
  }
}

export const agentsResource = defineServerResource(agentsDef, {
  table: agents,
  unique: { agents_domain_user: 'user' },
  refLabel: AGENT_NAME_SQL,
  refs: {
    supervisor: agentSupervisors,
    auditor: agentAuditors,
    region: agents.regionId,
    greetingMedia: agents.greetingMediaId,
  },
  fields: {
    // Named only where the caller may read the user (the agent's own name is the user's: it is
    // the agent's name, read under the agent's rights).
    user: {
      select: refNameSql(usersDef, 'users', 't.user_id', USER_NAME_SQL('r')),
      write: (value, row) => {
        row.userId = refId(value);
      },
    },
    name: { select: NAME, column: NAME },
    statusDuration: {
      select: 'greatest(0, floor(extract(epoch from (now() - t.status_changed_at))))::int',
      column: 't.status_changed_at',
    },
  },
  beforeWrite: checkAgent,
  listFilters: agentListFilters,
});
