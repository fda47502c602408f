import { type SipGatewayInput, sipGatewayProblems, sipGateways as sipGatewaysDef } from '@switchboard/model';
import { sipGateways } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { validationError } from '../../engine/http.js';
import { checkGatewayFlow, flowRefSql } from '../gateway-flow.js';

/**
 * SIP gateways at /api/sip/gateways, both variants in one table. What a variant requires is
 * checked on the record as it will be stored (old values under a PATCH), so no write leaves a
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
  beforeWrite: async (body, ctx, tx) => {
    const merged = { ...(ctx.old ?? {}), ...body } as SipGatewayInput;
    const problems = sipGatewayProblems(merged, ctx.old?.passwordSet === true);
    if (problems.length) throw validationError('sipGateways', problems);
    // The flow is checked after the settings, which need no database.
    if ('schema' in body) await checkGatewayFlow('sipGateways', 'schema', 'voice', body.schema, ctx, tx);
  },
});
