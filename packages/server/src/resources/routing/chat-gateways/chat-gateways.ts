import { randomInt } from 'node:crypto';
import {
  CHAT_SECRET_KEYS,
  type ChatGatewayInput,
  chatGatewayProblems,
  chatGateways as chatGatewaysDef,
  defaultWebchat,
  MESSENGER_FLAGS,
  randomChatUri,
  VIBER_BACK_COLOR_KEY,
  VIBER_BTN_BACK_COLOR,
  VIBER_BTN_FONT_COLOR,
  VIBER_FONT_COLOR_KEY,
  webchatToMetadata,
} from '@switchboard/model';
import { sql } from 'drizzle-orm';
import { chatGateways } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { validationError } from '../../engine/http.js';
import { queryRows } from '../../engine/sql.js';
import { checkGatewayFlow, flowRefSql } from '../gateway-flow.js';

const SECRET_ARRAY = `array[${CHAT_SECRET_KEYS.map((k) => `'${k}'`).join(', ')}]::text[]`;

/** Provider settings the spec gives defaults for, filled in where the body leaves them out. */
function withDefaults(provider: string, metadata: Record<string, string>): Record<string, string> {
  switch (provider) {
    case 'viber':
      return {
        [VIBER_BACK_COLOR_KEY]: VIBER_BTN_BACK_COLOR,
        [VIBER_FONT_COLOR_KEY]: VIBER_BTN_FONT_COLOR,
        ...metadata,
      };
    case 'messenger':
      return { ...Object.fromEntries(MESSENGER_FLAGS.map((k) => [k, 'false'])), ...metadata };
    case 'webchat':
      return { ...webchatToMetadata(defaultWebchat()), ...metadata };
    default:
      return metadata;
  }
}

/**
 * Chat gateways at /api/chat/bots. The uri is the gateway's public endpoint: made on create when
 * absent, unique across domains (409 naming uri). Provider settings are checked on the record as
 * it will be stored, so a PATCH of the provider alone cannot leave its settings missing.
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
    flow: {
      select: flowRefSql('t.flow_id'),
      write: (value, row) => {
        row.flowId = (value as { id: number }).id;
      },
    },
    uri: {
      write: (value, row, ctx) => {
        if (typeof value === 'string' && value !== '') row.uri = value;
        else if (ctx.op === 'create') row.uri = randomChatUri((n) => randomInt(n));
      },
    },
  },
  beforeWrite: async (body, ctx, tx) => {
    const secretsSet = ctx.old ? ((ctx.old.secretsSet as string[] | undefined) ?? []) : [];
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
    const merged = { ...(ctx.old ?? {}), ...body } as ChatGatewayInput;
    // Defaults fill a new record only (create runs this before the row is built); an update
    // stores what it sends.
    if (ctx.op === 'create') {
      merged.metadata = withDefaults(merged.provider, merged.metadata ?? {});
      body.metadata = merged.metadata;
    }
    const problems = chatGatewayProblems(merged, 'metadata' in body ? [] : secretsSet);
    if (problems.length) throw validationError('chatGateways', problems);
    // The flow is checked after the settings, which need no database.
    if ('flow' in body) await checkGatewayFlow('chatGateways', 'flow', 'chat', body.flow, ctx, tx);
  },
});
