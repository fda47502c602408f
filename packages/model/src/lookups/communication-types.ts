import { z } from 'zod';
import { DESCRIPTION_COLUMN, DESCRIPTION_FIELD, lookup, NAME_COLUMN, NAME_FIELD, sorted } from '../define.js';
import { oneOf, optionalText, required } from '../validation.js';

export const COMMUNICATION_CHANNELS = ['phone', 'email', 'messaging'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

/**
 * Communication type (spec part 1 section 3): name, channel, code (unique in the domain),
 * description. Communications always get full rxwd (section 6): no class guards them.
 */
export const communicationTypes = lookup({
  name: 'communicationTypes',
  path: '/call_center/communication_type',
  objClass: null,
  fullAccess: true,
  route: '/lookups/communications',
  input: z.object({
    name: required(),
    channel: oneOf(COMMUNICATION_CHANNELS),
    code: required(),
    description: optionalText(),
  }),
  search: ['name', 'code'],
  filters: [{ kind: 'enum', key: 'channel', options: COMMUNICATION_CHANNELS, multiple: true }],
  columns: [NAME_COLUMN, sorted('code'), sorted('channel', 'enum'), DESCRIPTION_COLUMN],
  form: {
    fields: [
      NAME_FIELD,
      { field: 'code', required: true },
      { field: 'channel', kind: 'select', options: COMMUNICATION_CHANNELS, required: true },
      DESCRIPTION_FIELD,
    ],
  },
});
