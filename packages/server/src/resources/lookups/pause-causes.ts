import { pauseCauses as pauseCausesDef } from '@switchboard/model';
import { pauseCauses } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

export const pauseCausesResource = defineServerResource(pauseCausesDef, {
  table: pauseCauses,
  unique: { pause_causes_domain_name: 'name' },
});
