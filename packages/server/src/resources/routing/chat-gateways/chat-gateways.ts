import { randomInt } from 'node:crypto';
import { CHAT_SECRET_KEYS, chatGateways as chatGatewaysDef, randomChatUri } from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { chatGateways } from '../../../db/schema.js';
import { queryRows } from '../../../db/sql.js';
import { defineServerResource } from '../../engine/define.js';

const SECRET_ARRAY = `array[${CHAT_SECRET_KEYS.map((k) => `'${k}'`).join(', ')}]::text[]`;

/**
 * Chat gateways at /api/chat/bots. The uri is the gateway's public endpoint: made on create when
 * absent, unique across domains (409 naming uri). The provider is the variant: the engine checks
 * its settings on the record as it will be stored and fills its defaults on create.
 */
export const chatGatewaysResource = defineServerResource(chatGatewaysDef, {
  table: chatGateways,
  unique: { chat_gateways_domain_uri: 'uri' },
  fields: {
    metadata: { select: `(t.metadata - ${SECRET_ARRAY})` },
    secretsSet: {
      select: `coalesce((select jsonb_agg(k order by k) from jsonb_each_text(t.metadata) as s(k, v)
        where k = any(${SECRET_ARRAY}) and v <> ''), '[]'::jsonb)`,
    },
    uri: {
      write: (value, row, ctx) => {
        if (typeof value === 'string' && value !== '') row.uri = value;
        else if (ctx.op === 'create') row.uri = randomChatUri((n) => randomInt(n));
      },
    },
  },
  // What each provider requires, its defaults and formats are its variant's (see the model).
  beforeWrite: async (body, ctx, tx) => {
    // Secrets are never answered, so a client sends them back empty: those keep the stored value.
    if (ctx.old && body.metadata && tx) {
      const [stored] = await queryRows<{ metadata: Record<string, string> }>(
        tx,
        sql`select metadata from chat_gateways where id = ${ctx.old.id as number}`,
      );
      const sent = body.metadata as Record<string, string>;
      for (const key of CHAT_SECRET_KEYS) {
        if (!sent[key] && stored?.metadata[key]) sent[key] = stored.metadata[key];
      }
    }
  },
});
