import { teams as teamsDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../core/errors.js';
import { teamAdmins, teams } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { AGENT_NAME_SQL, namesOf } from './shared.js';

const MEMBERS_SQL = '(select count(*)::int from agents a where a.team_id = t.id)';

export const teamsResource = defineServerResource(teamsDef, {
  table: teams,
  unique: { teams_domain_name: 'name' },
  refs: { admin: teamAdmins },
  fields: { members: { select: MEMBERS_SQL } },
  // A team with agents is refused with 409 naming them; they move to another team first.
  beforeDelete: async (item, _ctx, tx) => {
    const names = await namesOf(
      tx,
      sql`select ${sql.raw(AGENT_NAME_SQL('a'))} as name from agents a where a.team_id = ${item.id as number}
          order by 1 limit 20`,
    );
    if (names) {
      throw keyedError(409, 'app.teams.in_use', 'teamInUse', { names }, [keyedField('id', 'teamInUse', { names })]);
    }
  },
});
