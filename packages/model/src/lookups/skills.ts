import { z } from 'zod';
import { defineResource } from '../resource.js';
import { optionalText, required } from '../validation.js';

/**
 * Skill (spec part 1 section 3). Skills always get full rxwd (section 6): no class guards them.
 * total_agents and active_agents count agent skills, which arrive with the contact-center area.
 */
export const skills = defineResource({
  name: 'skills',
  path: '/call_center/skills',
  objClass: null,
  fullAccess: true,
  area: 'lookups',
  route: '/lookups/skills',
  input: z.object({ name: required(), description: optionalText() }),
  item: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    total_agents: z.number(),
    active_agents: z.number(),
  }),
  fields: ['id', 'name', 'description', 'total_agents', 'active_agents'],
  listFields: ['id', 'name', 'description', 'total_agents', 'active_agents'],
  search: ['name'],
  sort: ['id', 'name', 'description'],
  defaultSort: '+name',
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'description', sort: 'description' },
    { field: 'total_agents' },
    { field: 'active_agents' },
  ],
  recordAcl: false,
  ops: { create: true, update: true, patch: true, delete: true },
  form: {
    fields: [
      { field: 'name', required: true },
      { field: 'description', kind: 'textarea' },
    ],
  },
});
