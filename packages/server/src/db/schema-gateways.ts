import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainId, domainRecord, users } from './schema-core.js';
import {
  emptyText,
  flag,
  nameIndexes,
  refId,
  stamps,
  textMap,
  timestamptz,
  uniqueNameIndexes,
} from './schema-helpers.js';
import { flows } from './schema-routing.js';

export type SipAclEntry = { ip: string; proto: string; port: number | null };

/** SIP gateways of both variants: register (account, registrar) and trunking (host, ipacl). */
export const sipGateways = pgTable(
  'sip_gateways',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    register: flag('register', false),
    enable: flag('enable', true),
    proxy: emptyText('proxy'),
    usage: emptyText('usage'),
    description: emptyText('description'),
    /** Inbound flow (voice); deleting the flow leaves the gateway without one. */
    schemaId: integer('schema_id').references(() => flows.id, { onDelete: 'set null' }),
    account: emptyText('account'),
    username: emptyText('username'),
    /**
     * Kept readable: the telephony side must present it to the registrar, so it cannot be
     * hashed. The API never answers it.
     */
    password: emptyText('password'),
    expires: integer('expires').notNull().default(600),
    registrar: emptyText('registrar'),
    host: emptyText('host'),
    ipacl: jsonb('ipacl').$type<SipAclEntry[]>().notNull().default([]),
    /** Registration status from the telephony events: success, failed, in_progress, not_registered. */
    rState: text('r_state').notNull().default('not_registered'),
    ...stamps,
  },
  (t) => [...uniqueNameIndexes('sip_gateways', t), index('sip_gateways_domain_name_idx').on(t.domainId, t.name)],
);

/** Chat gateways (chat bots): provider settings as a text-valued map, as the original keeps them. */
export const chatGateways = pgTable(
  'chat_gateways',
  {
    ...domainRecord(),
    name: text('name').notNull(),
    /** Public endpoint path, unique across all domains (providers call it without a domain). */
    uri: text('uri').notNull(),
    /** The chat flow it runs; a flow in use cannot be deleted (see the flows' usage check). */
    flowId: refId('flow_id', () => flows.id, 'restrict'),
    provider: text('provider').notNull(),
    enabled: flag('enabled', false),
    metadata: textMap('metadata'),
    updates: jsonb('updates')
      .$type<{ title: string; close: string; join: string; left: string }>()
      .notNull()
      .default({ title: '', close: '', join: '', left: '' }),
    ...stamps,
  },
  (t) => [
    // A uri is unique in its domain: another tenant's uri is neither blocked nor revealed.
    uniqueIndex('chat_gateways_domain_uri').on(t.domainId, t.uri),
    ...nameIndexes('chat_gateways', t),
    index('chat_gateways_domain_name').on(t.domainId, t.name),
  ],
);

/**
 * Facebook pages (with their Instagram account) and WhatsApp business accounts a messenger
 * gateway was given through the provider's setup dialog, with the tokens to act on them.
 */
export const chatGatewayAccounts = pgTable(
  'chat_gateway_accounts',
  {
    ...domainRecord(),
    gatewayId: refId('gateway_id', () => chatGateways.id, 'cascade'),
    /** page or whatsapp */
    kind: text('kind').notNull(),
    externalId: text('external_id').notNull(),
    name: emptyText('name'),
    accessToken: emptyText('access_token'),
    /** Page: its Instagram business account `{id, username}`; WhatsApp: `{phoneNumbers}`. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    ...stamps,
  },
  (t) => [uniqueIndex('chat_gateway_accounts_key').on(t.gatewayId, t.kind, t.externalId)],
);

/**
 * A provider dialog a signed-in administrator opened for a gateway: the dialog's return must bring
 * this single-use, expiring state back, or nothing is stored.
 */
export const chatSetupStates = pgTable('chat_setup_states', {
  tokenHash: text('token_hash').primaryKey(),
  domainId: domainId(),
  gatewayId: refId('gateway_id', () => chatGateways.id, 'cascade'),
  userId: refId('user_id', () => users.id, 'cascade'),
  kind: text('kind').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});
