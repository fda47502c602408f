import { skills as skillsDef } from '@switchboard/model';
import { skills } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

export const skillsResource = defineServerResource(skillsDef, {
  table: skills,
  unique: { skills_domain_name: 'name' },
  fields: {
    // Agent skills (agent, skill, capacity, enabled) arrive with the contact-center area; until
    // then no agent holds a skill, so both counts are 0. Replace with counts over agent skills.
    totalAgents: { select: '0' },
    activeAgents: { select: '0' },
  },
});
