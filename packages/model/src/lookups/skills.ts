import { z } from 'zod';
import { defineResource } from '../resource.js';
import { optionalText, required } from '../validation.js';

/**
 * Skill (spec part 1 section 3). Skills always get full rxwd (section 6): no class guards them.
 * totalAgents and activeAgents count agent skills, which arrive with the contact-center area.
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
    totalAgents: z.number(),
    activeAgents: z.number(),
  }),
  fields: ['id', 'name', 'description', 'totalAgents', 'activeAgents'],
  listFields: ['id', 'name', 'description', 'totalAgents', 'activeAgents'],
  search: ['name'],
  sort: ['id', 'name', 'description'],
  defaultSort: '+name',
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'description', sort: 'description' },
    { field: 'totalAgents' },
    { field: 'activeAgents' },
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
