import { agents as agentsDef, messages } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { agentAuditors, agentSupervisors, agents } from '../../db/schema.js';
import { keyedError, keyedField } from '../../http/errors.js';
import { USER_NAME_SQL } from '../directory/users/users.js';
import { defineServerResource } from '../engine/define.js';
import type { WriteContext } from '../engine/types.js';
import { AGENT_NAME_SQL, existing, noSuchRef } from './shared.js';

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

/** The user and the team must be records of the caller's domain; an agent is not its own supervisor. */
async function checkAgent(body: Record<string, unknown>, ctx: WriteContext, tx?: Db) {
  const db = tx ?? ctx.app.db;
  const domainId = ctx.principal.domainId;
  const userId = refId(body.user);
  if (userId !== undefined && userId !== refId(ctx.old?.user)) {
    if (!(await existing(db, 'users', domainId, [userId])).has(userId)) throw noSuchRef('agents', 'user', 'users');
  }
  const teamId = refId(body.team);
  if (teamId !== undefined && teamId !== refId(ctx.old?.team)) {
    if (!(await existing(db, 'teams', domainId, [teamId])).has(teamId)) throw noSuchRef('agents', 'team', 'teams');
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
    // The user and the team are checked against the domain only: choosing them is part of
    // editing an agent (the users lookup is guarded by the agents class), so a caller needs no
    // right on the users or teams classes to keep or change them.
    user: {
      select: `(select json_build_object('id', u.id, 'name', ${USER_NAME_SQL('u')}) from users u where u.id = t.user_id)`,
      write: (value, row) => {
        row.userId = refId(value);
      },
    },
    team: {
      select: `(select json_build_object('id', r.id, 'name', r.name) from teams r where r.id = t.team_id)`,
      write: (value, row) => {
        row.teamId = refId(value) ?? null;
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
