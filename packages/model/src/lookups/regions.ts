import { z } from 'zod';
import { DESCRIPTION_COLUMN, DESCRIPTION_FIELD, lookup, NAME_COLUMN, NAME_FIELD, sorted } from '../define.js';
import { optionalText, required } from '../validation.js';
import { timezone, timezoneOutput } from './timezones.js';

/** Region (spec part 1 section 3): name, timezone (from the time-zone list), description. */
export const regions = lookup({
  name: 'regions',
  noun: 'region',
  path: '/regions',
  objClass: 'lookups',
  input: z.object({ name: required(), timezone: timezone(), description: optionalText() }),
  item: z.object({ id: z.number(), name: z.string(), timezone: timezoneOutput(), description: z.string() }),
  columns: [NAME_COLUMN, sorted('timezone', 'timezone'), DESCRIPTION_COLUMN],
  form: {
    fields: [NAME_FIELD, { field: 'timezone', kind: 'timezone', required: true }, DESCRIPTION_FIELD],
  },
});
