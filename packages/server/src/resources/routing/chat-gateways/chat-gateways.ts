import { randomInt } from 'node:crypto';
import { CHAT_SECRET_KEYS, chatGateways as chatGatewaysDef, randomChatUri } from '@switchboard/model';
import { chatGateways } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { keepStoredSecrets, secretFields } from '../../engine/secret-settings.js';

/**
 * Chat gateways at /api/chat/bots. The uri is the gateway's public endpoint: made on create when
 * absent, unique across domains (409 naming uri). The provider is the variant: the engine checks
 * its settings on the record as it will be stored and fills its defaults on create.
 */
export const chatGatewaysResource = defineServerResource(chatGatewaysDef, {
  table: chatGateways,
  unique: { chat_gateways_domain_uri: 'uri' },
  fields: {
    ...secretFields('metadata', CHAT_SECRET_KEYS),
    uri: {
      write: (value, row, ctx) => {
        if (typeof value === 'string' && value !== '') row.uri = value;
        else if (ctx.op === 'create') row.uri = randomChatUri((n) => randomInt(n));
      },
    },
  },
  // What each provider requires, its defaults and formats are its variant's (see the model).
  beforeWrite: keepStoredSecrets('chat_gateways', 'metadata', CHAT_SECRET_KEYS),
});
