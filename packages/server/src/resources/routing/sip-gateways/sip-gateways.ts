import { sipGateways as sipGatewaysDef } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { keyedError, keyedField } from '../../../core/errors.js';
import { sipGateways } from '../../../db/schema.js';
import { usedBy } from '../../contact-center/usage.js';
import { forgetSipDirectory } from '../../directory/sip-directory.js';
import { defineServerResource } from '../../engine/define.js';
import { passwordFields } from '../../engine/secret-settings.js';

/**
 * SIP gateways at /api/sip/gateways, both variants in one table. The engine checks what a variant
 * requires on the record as it will be stored (old values under a PATCH), so no write leaves a
 * register gateway without its account or a trunking one without its host.
 */
export const sipGatewaysResource = defineServerResource(sipGatewaysDef, {
  table: sipGateways,
  unique: { sip_gateways_domain_name: 'name' },
  refs: { schema: sipGateways.schemaId },
  // An empty password on update keeps the stored one.
  fields: passwordFields(),
  // Call routing keeps the domain's gateways: forgotten on every node after a change.
  afterCommit: (app) => forgetSipDirectory(app),
  // A gateway that resources dial through stays until they change: the refusal names them.
  beforeDelete: async (item, _ctx, tx) => {
    const names = await usedBy(tx, sql`select name from cc_resources where gateway_id = ${item.id as number}`);
    if (names)
      throw keyedError(409, 'app.sipGateways.in_use', 'gatewayInUse', { names }, [
        keyedField('id', 'gatewayInUse', { names }),
      ]);
  },
});
