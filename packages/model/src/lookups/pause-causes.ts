import { z } from 'zod';
import { col, DESCRIPTION_COLUMN, DESCRIPTION_FIELD, lookup, NAME_COLUMN, NAME_FIELD, sorted } from '../define.js';
import { int, optionalText, required } from '../validation.js';

/** Pause cause default limit in minutes (spec part 1 section 9). */
export const PAUSE_CAUSE_LIMIT_MIN = 60;

/**
 * Agent pause cause (spec part 1 section 3): name, limitMin, whether an administrator, a
 * supervisor or the agent may set it (each true by default), description.
 */
export const pauseCauses = lookup({
  name: 'pauseCauses',
  path: '/call_center/pause_causes',
  objClass: 'lookups',
  route: '/lookups/pause-cause',
  input: z.object({
    name: required(),
    limitMin: int({ min: 0 }).default(PAUSE_CAUSE_LIMIT_MIN),
    allowAdmin: z.boolean().default(true),
    allowSupervisor: z.boolean().default(true),
    allowAgent: z.boolean().default(true),
    description: optionalText(),
  }),
  filters: [{ kind: 'numberRange', key: 'limitMin', min: 'limitFrom', max: 'limitTo' }],
  columns: [
    NAME_COLUMN,
    sorted('limitMin'),
    col('allowAdmin', 'toggle'),
    col('allowSupervisor', 'toggle'),
    col('allowAgent', 'toggle'),
    DESCRIPTION_COLUMN,
  ],
  form: {
    fields: [
      NAME_FIELD,
      { field: 'limitMin', kind: 'number' },
      { field: 'allowAdmin', kind: 'switch' },
      { field: 'allowSupervisor', kind: 'switch' },
      { field: 'allowAgent', kind: 'switch' },
      DESCRIPTION_FIELD,
    ],
  },
});
