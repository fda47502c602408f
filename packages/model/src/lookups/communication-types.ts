import { z } from 'zod';
import { defineResource } from '../resource.js';
import { oneOf, optionalText, required } from '../validation.js';

export const COMMUNICATION_CHANNELS = ['phone', 'email', 'messaging'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

/**
 * Communication type (spec part 1 section 3): name, channel, code (unique in the domain),
 * description. Communications always get full rxwd (section 6): no class guards them.
 */
export const communicationTypes = defineResource({
  name: 'communicationTypes',
  path: '/call_center/communication_type',
  objClass: null,
  fullAccess: true,
  area: 'lookups',
  route: '/lookups/communications',
  input: z.object({
    name: required(),
    channel: oneOf(COMMUNICATION_CHANNELS),
    code: required(),
    description: optionalText(),
  }),
  item: z.object({
    id: z.number(),
    name: z.string(),
    channel: z.enum(COMMUNICATION_CHANNELS),
    code: z.string(),
    description: z.string(),
  }),
  fields: ['id', 'name', 'channel', 'code', 'description'],
  listFields: ['id', 'name', 'channel', 'code', 'description'],
  search: ['name', 'code'],
  sort: ['id', 'name', 'channel', 'code', 'description'],
  defaultSort: '+name',
  filters: [{ kind: 'enum', key: 'channel', options: COMMUNICATION_CHANNELS, multiple: true }],
  columns: [
    { field: 'name', sort: 'name' },
    { field: 'code', sort: 'code' },
    { field: 'channel', kind: 'enum', sort: 'channel' },
    { field: 'description', sort: 'description' },
  ],
  recordAcl: false,
  ops: { create: true, update: true, patch: true, delete: true },
  form: {
    fields: [
      { field: 'name', required: true },
      { field: 'code', required: true },
      { field: 'channel', kind: 'select', options: COMMUNICATION_CHANNELS, required: true },
      { field: 'description', kind: 'textarea' },
    ],
  },
});
