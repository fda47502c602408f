import { communicationTypes as communicationTypesDef } from '@switchboard/model';
import { communicationTypes } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';

export const communicationTypesResource = defineServerResource(communicationTypesDef, {
  table: communicationTypes,
  unique: { communication_types_domain_code: 'code', communication_types_domain_name: 'name' },
});
