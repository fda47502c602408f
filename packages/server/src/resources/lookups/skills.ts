import { skills as skillsDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../core/errors.js';
import { skills } from '../../db/schema.js';
import { AGENT_NAME_SQL, namesOf } from '../contact-center/shared.js';
import { defineServerResource } from '../engine/define.js';

/** Agents holding the skill; the active ones hold it enabled and are online. */
const TOTAL_SQL = '(select count(*)::int from agent_skills s where s.skill_id = t.id)';
const ACTIVE_SQL = `(select count(*)::int from agent_skills s join agents a on a.id = s.agent_id
  where s.skill_id = t.id and s.enabled and a.status = 'online')`;

export const skillsResource = defineServerResource(skillsDef, {
  table: skills,
  unique: { skills_domain_name: 'name' },
  fields: {
    totalAgents: { select: TOTAL_SQL },
    activeAgents: { select: ACTIVE_SQL },
  },
  // A skill agents hold is refused with 409 naming them; it is taken from them first.
  beforeDelete: async (item, _ctx, tx) => {
    const names = await namesOf(
      tx,
      sql`select ${sql.raw(AGENT_NAME_SQL('a'))} as name from agent_skills s join agents a on a.id = s.agent_id
          where s.skill_id = ${item.id as number} order by 1 limit 20`,
    );
    if (names) {
      throw keyedError(409, 'app.skills.in_use', 'skillInUse', { names }, [keyedField('id', 'skillInUse', { names })]);
    }
  },
});
