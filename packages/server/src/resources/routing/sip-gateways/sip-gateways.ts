import { sipGateways as sipGatewaysDef } from '@switchboard/model';
import { sipGateways } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';

/**
 * SIP gateways at /api/sip/gateways, both variants in one table. The engine checks what a variant
 * requires on the record as it will be stored (old values under a PATCH), so no write leaves a
 * register gateway without its account or a trunking one without its host.
 */
export const sipGatewaysResource = defineServerResource(sipGatewaysDef, {
  table: sipGateways,
  unique: { sip_gateways_domain_name: 'name' },
  refs: { schema: sipGateways.schemaId },
  fields: {
    password: {
      write: (value, row) => {
        // An empty password on update keeps the stored one.
        if (typeof value === 'string' && value !== '') row.password = value;
      },
    },
    passwordSet: { select: `(t.password <> '')` },
  },
});
