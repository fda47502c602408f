import { z } from 'zod';
import { defineResource } from '../resource.js';
import { optionalText, required } from '../validation.js';
import { timezone, timezoneOutput } from './timezones.js';

/** Region (spec part 1 section 3): name, timezone (from the time-zone list), description. */
export const regions = defineResource({
  name: 'regions',
  noun: 'region',
  path: '/regions',
  objClass: 'lookups',
  area: 'lookups',
  route: '/lookups/regions',
  input: z.object({ name: required(), timezone: timezone(), description: optionalText() }),
  item: z.object({ id: z.number(), name: z.string(), timezone: timezoneOutput(), description: z.string() }),
  fields: ['id', 'name', 'timezone', 'description'],
  listFields: ['id', 'name', 'timezone', 'description'],
  search: ['name'],
  sort: ['id', 'name', 'timezone', 'description'],
  defaultSort: '+name',
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'timezone', kind: 'timezone', sort: 'timezone' },
    { field: 'description', sort: 'description' },
  ],
  recordAcl: false,
  ops: { create: true, update: true, patch: true, delete: true },
  form: {
    fields: [
      { field: 'name', required: true },
      { field: 'timezone', kind: 'timezone', required: true },
      { field: 'description', kind: 'textarea' },
    ],
  },
});
