import {
  agentSkillAggs,
  agentSkills as agentSkillsDef,
  skillAgents as skillAgentsDef,
  teams as teamsDef,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { agentSkills } from '../../db/schema.js';
import { queryRows } from '../../db/sql.js';
import { defineServerResource } from '../engine/define.js';
import { refNameSql } from '../engine/refs.js';
import { AGENT_NAME_SQL } from './shared.js';

/** The agent's team, as the agent holds it now (named only where the caller may read the team). */
const TEAM_SQL = refNameSql(teamsDef, 'teams', '(select a.team_id from agents a where a.id = t.agent_id)');
const SKILL_NAME_SQL = '(select s.name from skills s where s.id = t.skill_id)';
const AGENT_NAME = `(select ${AGENT_NAME_SQL('a')} from agents a where a.id = t.agent_id)`;

/**
 * An agent's skills (`/call_center/agents/{agentId}/skills`). The list answers `aggs` besides
 * its items, over all the agent's skills: how many, how many enabled, the lowest and highest
 * capacity.
 */
export const agentSkillsResource = defineServerResource(agentSkillsDef, {
  table: agentSkills,
  unique: { agent_skills_agent_skill: 'skill' },
  fields: {
    team: { select: TEAM_SQL },
    skillName: { column: SKILL_NAME_SQL },
  },
  listAggs: {
    doc: agentSkillAggs,
    read: async (db, agentId) => {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select count(*)::int as total, (count(*) filter (where enabled))::int as enabled,
              min(capacity) as "minCapacity", max(capacity) as "maxCapacity"
            from agent_skills where agent_id = ${agentId}`,
      );
      return row;
    },
  },
});

/** The agents holding a skill (`/call_center/skills/{skillId}/agents`): the same rows, from the skill. */
export const skillAgentsResource = defineServerResource(skillAgentsDef, {
  table: agentSkills,
  unique: { agent_skills_agent_skill: 'agent' },
  fields: {
    team: { select: TEAM_SQL },
    agentName: { column: AGENT_NAME },
  },
});
