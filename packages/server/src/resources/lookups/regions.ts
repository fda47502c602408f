import { regions as regionsDef } from '@switchboard/model';
import { regions } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { timezoneField } from './timezones.js';

export const regionsResource = defineServerResource(regionsDef, {
  table: regions,
  unique: { regions_domain_name: 'name' },
  fields: { timezone: timezoneField('t.timezone', 'timezone') },
});
