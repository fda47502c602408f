import { z } from 'zod';
import { defineResource } from '../resource.js';
import { optionalText, required } from '../validation.js';

/** Bucket (spec part 1 section 3): name, description; per-record permissions. */
export const buckets = defineResource({
  name: 'buckets',
  path: '/call_center/buckets',
  objClass: 'cc_bucket',
  area: 'lookups',
  route: '/lookups/buckets',
  input: z.object({ name: required(), description: optionalText() }),
  item: z.object({ id: z.number(), name: z.string(), description: z.string() }),
  fields: ['id', 'name', 'description'],
  listFields: ['id', 'name', 'description'],
  search: ['name'],
  sort: ['id', 'name', 'description'],
  defaultSort: '+name',
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'description', sort: 'description' },
  ],
  recordAcl: true,
  // REFERENCE lists GET, PUT and DELETE on an item; PATCH is served too, like every lookup.
  ops: { create: true, update: true, patch: true, delete: true },
  form: {
    fields: [
      { field: 'name', required: true },
      { field: 'description', kind: 'textarea' },
    ],
  },
});
