import { z } from 'zod';
import { defineResource } from '../resource.js';
import { int, optionalText, required } from '../validation.js';

/** Pause cause default limit in minutes (spec part 1 section 9). */
export const PAUSE_CAUSE_LIMIT_MIN = 60;

/**
 * Agent pause cause (spec part 1 section 3): name, limitMin, whether an administrator, a
 * supervisor or the agent may set it (each true by default), description.
 */
export const pauseCauses = defineResource({
  name: 'pauseCauses',
  path: '/call_center/pause_causes',
  objClass: 'lookups',
  area: 'lookups',
  route: '/lookups/pause-cause',
  input: z.object({
    name: required(),
    limitMin: int({ min: 0 }).default(PAUSE_CAUSE_LIMIT_MIN),
    allowAdmin: z.boolean().default(true),
    allowSupervisor: z.boolean().default(true),
    allowAgent: z.boolean().default(true),
    description: optionalText(),
  }),
  item: z.object({
    id: z.number(),
    name: z.string(),
    limitMin: z.number(),
    allowAdmin: z.boolean(),
    allowSupervisor: z.boolean(),
    allowAgent: z.boolean(),
    description: z.string(),
  }),
  fields: ['id', 'name', 'limitMin', 'allowAdmin', 'allowSupervisor', 'allowAgent', 'description'],
  listFields: ['id', 'name', 'limitMin', 'allowAdmin', 'allowSupervisor', 'allowAgent', 'description'],
  search: ['name'],
  sort: ['id', 'name', 'limitMin', 'description'],
  defaultSort: '+name',
  filters: [{ kind: 'numberRange', key: 'limitMin', min: 'limitFrom', max: 'limitTo' }],
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'limitMin', sort: 'limitMin' },
    { field: 'allowAdmin', kind: 'toggle', patch: (allowAdmin) => ({ allowAdmin }) },
    { field: 'allowSupervisor', kind: 'toggle', patch: (allowSupervisor) => ({ allowSupervisor }) },
    { field: 'allowAgent', kind: 'toggle', patch: (allowAgent) => ({ allowAgent }) },
    { field: 'description', sort: 'description' },
  ],
  recordAcl: false,
  ops: { create: true, update: true, patch: true, delete: true },
  form: {
    fields: [
      { field: 'name', required: true },
      { field: 'limitMin', kind: 'number' },
      { field: 'allowAdmin', kind: 'switch' },
      { field: 'allowSupervisor', kind: 'switch' },
      { field: 'allowAgent', kind: 'switch' },
      { field: 'description', kind: 'textarea' },
    ],
  },
});
