import { z } from 'zod';
import { col, DESCRIPTION_COLUMN, DESCRIPTION_FIELD, lookup, NAME_COLUMN, NAME_FIELD } from '../define.js';
import { nameAndDescription } from '../validation.js';

/**
 * Skill (spec part 1 section 3). Skills always get full rxwd (section 6): no class guards them.
 * totalAgents and activeAgents count agent skills, which arrive with the contact-center area.
 */
export const skills = lookup({
  name: 'skills',
  path: '/call_center/skills',
  objClass: null,
  fullAccess: true,
  input: nameAndDescription(),
  item: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    totalAgents: z.number(),
    activeAgents: z.number(),
  }),
  columns: [NAME_COLUMN, DESCRIPTION_COLUMN, col('totalAgents'), col('activeAgents')],
  form: {
    fields: [NAME_FIELD, DESCRIPTION_FIELD],
  },
});
