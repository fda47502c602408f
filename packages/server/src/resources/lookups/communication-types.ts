import { communicationTypes as communicationTypesDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../core/errors.js';
import { communicationTypes } from '../../db/schema.js';
import { usedBy } from '../contact-center/usage.js';
import { defineServerResource } from '../engine/define.js';

/** Communication types; one a resource group dials cannot be deleted: the refusal names the groups. */
export const communicationTypesResource = defineServerResource(communicationTypesDef, {
  table: communicationTypes,
  unique: { communication_types_domain_name: 'name', communication_types_domain_code: 'code' },
  beforeDelete: async (item, _ctx, tx) => {
    const names = await usedBy(
      tx,
      sql`select name from cc_resource_groups where communication_id = ${item.id as number}`,
    );
    if (names)
      throw keyedError(409, 'app.communicationTypes.in_use', 'communicationInUse', { names }, [
        keyedField('id', 'communicationInUse', { names }),
      ]);
  },
});
