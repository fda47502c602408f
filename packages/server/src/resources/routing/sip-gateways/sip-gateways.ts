import { sipGateways as sipGatewaysDef } from '@switchboard/model';
import { sipGateways } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { checkGatewayFlow, flowRefSql } from '../gateway-flow.js';

/**
 * SIP gateways at /api/sip/gateways, both variants in one table. The engine checks what a variant
 * requires on the record as it will be stored (old values under a PATCH), so no write leaves a
 * register gateway without its account or a trunking one without its host.
 */
export const sipGatewaysResource = defineServerResource(sipGatewaysDef, {
  table: sipGateways,
  unique: { sip_gateways_domain_name: 'name' },
  fields: {
    schema: {
      select: flowRefSql('t.schema_id'),
      write: (value, row) => {
        row.schemaId = (value as { id: number } | null)?.id ?? null;
      },
    },
    password: {
      write: (value, row) => {
        // An empty password on update keeps the stored one.
        if (typeof value === 'string' && value !== '') row.password = value;
      },
    },
    passwordSet: { select: `(t.password <> '')` },
  },
  // What each variant requires is the engine's check (the definition's variants); the flow is
  // checked after it, since it needs the database.
  beforeWrite: async (body, ctx, tx) => {
    if ('schema' in body) await checkGatewayFlow('sipGateways', 'schema', 'voice', body.schema, ctx, tx);
  },
});
