import { agents as agentsDef, messages, users as usersDef } from '@switchboard/model';
import { type SQL, sql } from 'drizzle-orm';
import { writeChange } from '../../changelog/writer.js';
import { keyedError, keyedField } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { agentAuditors, agentSupervisors, agents } from '../../db/schema.js';
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

type Item = Record<string, unknown>;
const idsOf = (value: unknown) => new Set(((value as { id: number }[] | undefined) ?? []).map((r) => r.id));

/**
 * An agent joining or leaving a team, or gaining or losing a supervisor, is an update of the team
 * and of the supervisor too, by whatever route it came (the agent's form, a team's member list, a
 * supervisor's subordinates, a delete): each writes an entry naming the agent under `member` (on
 * the team) or `subordinate` (on the supervisor), before and after, in the agent's transaction.
 */
async function logParents(tx: Db, before: Item | null, after: Item | null, ctx: Omit<WriteContext, 'op' | 'old'>) {
  const agent = (after ?? before) as Item;
  const named = { id: agent.id as number, name: agent.name as string };
  const entry = (object: string, recordId: number, field: string, added: boolean) =>
    writeChange(tx, {
      domainId: ctx.principal.domainId,
      object,
      action: 'update',
      userId: ctx.principal.userId,
      userIp: ctx.request.ip,
      recordId,
      oldState: { [field]: added ? null : named },
      newState: { [field]: added ? named : null },
    });
  const oldTeam = refId(before?.team) ?? null;
  const newTeam = refId(after?.team) ?? null;
  if (oldTeam !== newTeam) {
    if (oldTeam !== null) await entry('teams', oldTeam, 'member', false);
    if (newTeam !== null) await entry('teams', newTeam, 'member', true);
  }
  const was = idsOf(before?.supervisor);
  const is = idsOf(after?.supervisor);
  for (const id of was) if (!is.has(id)) await entry('agents', id, 'subordinate', false);
  for (const id of is) if (!was.has(id)) await entry('agents', id, 'subordinate', true);
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
  afterSave: (tx, item, old, ctx) => logParents(tx, old, item, ctx),
  afterDelete: async (tx, items, ctx) => {
    for (const item of items) await logParents(tx, item, null, ctx);
  },
  listFilters: agentListFilters,
});
