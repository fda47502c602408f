import { z } from 'zod';
import { defineResource, ref } from '../resource.js';
import { optionalText, refOutput, required } from '../validation.js';
import { flowRef, flows } from './flows.js';

/** Chat plans run chat flows. */
export const CHATPLAN_FLOW_TYPE = 'chat';

const chatplanInput = z.object({
  name: required(),
  schema: flowRef(),
  description: optionalText(),
  enabled: z.boolean().default(true),
});

export const chatplan = defineResource({
  name: 'chatplan',
  path: '/routing/outbound/chat',
  objClass: 'acr_routing',
  area: 'routing',
  route: '/routing/chatplan',
  input: chatplanInput,
  item: z.object({
    id: z.number(),
    name: z.string(),
    schema: refOutput(),
    description: z.string(),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  fields: ['id', 'name', 'schema', 'description', 'enabled', 'createdAt', 'updatedAt'],
  listFields: ['id', 'name', 'schema', 'description', 'enabled'],
  search: ['name'],
  sort: ['id', 'name', 'description', 'enabled'],
  defaultSort: '+name',
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'schema', kind: 'ref' },
    { field: 'description', sort: 'description' },
    { field: 'enabled', kind: 'toggle', patch: (enabled) => ({ enabled }) },
  ],
  recordAcl: false,
  refs: { schema: ref(() => flows, { filter: { type: CHATPLAN_FLOW_TYPE } }) },
  ops: { create: true, update: true, patch: true, delete: true },
  form: {
    fields: [
      { field: 'name', required: true },
      { field: 'schema', kind: 'ref', required: true },
      { field: 'description', kind: 'textarea' },
      { field: 'enabled', kind: 'switch' },
    ],
  },
});
