import { z } from 'zod';
import { answerOf, BY_NAME, DESCRIPTION_FIELD, NAME_COLUMN, NAME_FIELD, resource, sorted } from '../define.js';
import { messages } from '../messages.js';
import { ref, type VariantsDef } from '../resource.js';
import { host, int, isHost, isIpv4, optionalText, required, timestamps } from '../validation.js';
import { flows } from './flows.js';

/** A new register gateway re-registers every 600 seconds (spec part 1 section 9). */
export const SIP_REGISTER_EXPIRES = 600;
export const SIP_EXPIRES_MIN = 32;
export const SIP_EXPIRES_MAX = 3600;
export const SIP_ACL_PROTOCOLS = ['any', 'udp', 'tcp', 'tls'] as const;
export type SipAclProtocol = (typeof SIP_ACL_PROTOCOLS)[number];

/** Registration status (`r_state`): set by the telephony events, never by the console. */
export const SIP_REGISTRATION_STATES = ['success', 'failed', 'in_progress', 'not_registered'] as const;
export type SipRegistrationState = (typeof SIP_REGISTRATION_STATES)[number];

/** Account of a register gateway: a SIP URI `[sip:|sips:]user@host[:port]`. */
const SIP_URI = /^(sips?:)?[^\s@:;]+@([^\s@:;]+)(:\d{1,5})?$/;
export function isSipAccount(value: string): boolean {
  const m = SIP_URI.exec(value.trim());
  return m !== null && isHost(m[2]);
}

const aclRow = z.object({
  ip: required().refine(isIpv4, { error: messages.ipv4 }),
  proto: z.enum(SIP_ACL_PROTOCOLS).default('any'),
  port: int({ min: 1, max: 65535 }).nullable().default(null),
});
export type SipAclRow = z.output<typeof aclRow>;

/**
 * One body for both variants: `register` chooses which fields are required. Formats are checked
 * here; what each variant requires is declared by its variant (below), checked on the record as it
 * will be stored (so a PATCH cannot leave a register gateway without an account).
 */
const sipGatewayInput = z.object({
  name: required(),
  register: z.boolean().default(false),
  enable: z.boolean().default(true),
  proxy: host().default(''),
  usage: optionalText(),
  description: optionalText(),
  /**
   * The inbound flow, `{id}`. Flows arrive with another issue: kept as an id until then.
   */
  schema: z.object({ id: z.number().int().positive() }).nullable().default(null),
  // Register variant.
  account: z
    .string()
    .trim()
    .refine((v) => v === '' || isSipAccount(v), { error: messages.sipAccount })
    .default(''),
  username: optionalText(),
  /** Write-only: never answered; empty on update keeps the stored one. */
  password: z.string().optional(),
  expires: int({ min: SIP_EXPIRES_MIN, max: SIP_EXPIRES_MAX }).default(SIP_REGISTER_EXPIRES),
  registrar: host().default(''),
  // Trunking (IP access) variant.
  host: host().default(''),
  ipacl: z.array(aclRow).default([]),
});

/** The password is never answered; `passwordSet` tells whether one is stored. */
export const sipGatewayItem = answerOf(
  sipGatewayInput,
  {
    ipacl: z.array(z.object({ ip: z.string(), proto: z.string(), port: z.number().nullable() })),
    rState: z.enum(SIP_REGISTRATION_STATES),
    passwordSet: z.boolean(),
    ...timestamps(),
  },
  ['password'],
);

/**
 * What each variant requires (REFERENCE "Required fields per form"): register needs account,
 * proxy and (once) a password; trunking needs host and proxy. The engine checks it on the record
 * as it will be stored (old values under a PATCH), the editor before sending.
 */
const sipVariants: VariantsDef = {
  field: 'register',
  // The password is never answered: a stored one shows as `passwordSet`.
  secrets: { fields: ['password'], isSet: (stored) => stored.passwordSet === true },
  cases: [
    {
      key: 'register',
      value: true,
      required: ['account', 'proxy', 'password'],
      form: {
        fields: [
          { field: 'account', required: true, label: 'sipGateways.account' },
          { field: 'username' },
          { field: 'password', kind: 'password', required: true },
          {
            field: 'expires',
            kind: 'number',
            required: true,
            min: SIP_EXPIRES_MIN,
            max: SIP_EXPIRES_MAX,
            label: 'sipGateways.expires',
          },
          { field: 'proxy', required: true, label: 'sipGateways.proxy' },
          { field: 'registrar', label: 'sipGateways.registrar' },
        ],
      },
    },
    {
      key: 'trunking',
      value: false,
      required: ['host', 'proxy'],
      form: {
        tabs: [
          {
            key: 'general',
            fields: [
              { field: 'host', required: true, label: 'sipGateways.host' },
              { field: 'proxy', required: true, label: 'sipGateways.proxy' },
            ],
          },
          {
            key: 'acl',
            fields: [
              {
                field: 'ipacl',
                kind: 'rows',
                label: 'sipGateways.tabs.acl',
                addLabel: 'sipGateways.aclAdd',
                columns: [
                  { field: 'ip', label: 'sipGateways.aclIp', required: true },
                  {
                    field: 'proto',
                    kind: 'select',
                    label: 'sipGateways.aclProto',
                    required: true,
                    options: SIP_ACL_PROTOCOLS,
                  },
                  { field: 'port', kind: 'number', label: 'sipGateways.aclPort', min: 1, max: 65535 },
                ],
              },
            ],
          },
        ],
      },
    },
  ],
};

export const sipGateways = resource({
  name: 'sipGateways',
  path: '/sip/gateways',
  objClass: 'gateways',
  area: 'routing',
  input: sipGatewayInput,
  item: sipGatewayItem,
  listFields: ['id', 'name', 'register', 'proxy', 'host', 'account', 'enable', 'rState'],
  ...BY_NAME,
  sort: ['id', 'name', 'register', 'proxy', 'enable', 'rState', 'createdAt', 'updatedAt'],
  columns: [NAME_COLUMN, sorted('register'), sorted('proxy'), sorted('enable', 'toggle'), sorted('rState')],
  refs: { schema: ref(() => flows, { filter: { type: 'voice' } }) },
  form: {
    fields: [
      NAME_FIELD,
      { field: 'schema', kind: 'ref', label: 'sipGateways.schema' },
      { field: 'usage', label: 'sipGateways.usage' },
      DESCRIPTION_FIELD,
      { field: 'enable', kind: 'switch', label: 'sipGateways.enable' },
    ],
  },
  variants: sipVariants,
});

/** The console route of a gateway's editor: the variant is part of the path. */
export const sipGatewayEditPath = (g: { id: number | string; register: boolean }) =>
  `${g.register ? 'register' : 'trunking'}/${g.id}`;
