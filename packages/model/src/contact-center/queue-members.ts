import { z } from 'zod';
import { col, NAME_COLUMN, NAME_FIELD, nested, sorted } from '../define.js';
import { buckets } from '../lookups/buckets.js';
import { timezone, timezoneOutput } from '../lookups/timezones.js';
import { messages } from '../messages.js';
import { type ResourceDef, ref } from '../resource.js';
import { int, optionalText, refInput, refOutput, required, requiredRef, timestamps } from '../validation.js';
import { agents } from './agents.js';
import {
  MEMBER_COMMUNICATIONS_MAX,
  MEMBER_EXPIRY_DAYS,
  MEMBER_STOP_CAUSES,
  MEMBER_STOP_CAUSES_NOT_RESET,
  queueMembersPath,
  queues,
} from './queues.js';

/** End causes a reset puts back to waiting: every one but success, expired and cancel. */
export const MEMBER_STOP_CAUSES_RESET: readonly string[] = MEMBER_STOP_CAUSES.filter(
  (c) => !(MEMBER_STOP_CAUSES_NOT_RESET as readonly string[]).includes(c),
);

/** When a member made now expires: in 7 days (spec part 2 section 9). */
export const memberExpiry = (now = new Date()) =>
  new Date(now.getTime() + MEMBER_EXPIRY_DAYS * 86_400_000).toISOString();

/** DTMF digits a communication sends once answered: digits only (empty: none). */
const DTMF = /^[0-9]*$/;

/** A time the member is bound by, ISO 8601 with an offset; null is none. */
const instant = () => z.iso.datetime({ offset: true, error: messages.date }).nullable();

/** One communication of a member: where to reach it and through what. */
export const memberCommunication = z.object({
  destination: required(),
  display: optionalText(),
  priority: int({ min: 0 }).default(0),
  type: requiredRef(),
  resource: refInput().nullable().default(null),
  description: optionalText(),
  dtmf: z
    .string()
    .trim()
    .refine((v) => DTMF.test(v), { error: messages.dtmfDigits })
    .default(''),
});
export type MemberCommunication = z.output<typeof memberCommunication>;

const memberInput = z.object({
  name: required(),
  priority: int({ min: 0 }).default(0),
  bucket: refInput().nullable().default(null),
  timezone: timezone().nullable().default(null),
  communications: z
    .array(memberCommunication, { error: messages.requiredArray })
    .min(1, { error: messages.requiredArray })
    .max(MEMBER_COMMUNICATIONS_MAX, { error: messages.communicationsMax }),
  variables: z.record(z.string(), z.string()).default({}),
  /** Left out on create: in 7 days. */
  expireAt: instant().optional(),
  minOfferingAt: instant().default(null),
  agent: refInput().nullable().default(null),
  stopCause: z
    .enum(MEMBER_STOP_CAUSES, { error: `${messages.oneOf} ${MEMBER_STOP_CAUSES.join(', ')}` })
    .nullable()
    .default(null),
});

const communicationOutput = z.object({
  destination: z.string(),
  display: z.string(),
  priority: z.number(),
  type: refOutput(),
  resource: refOutput().nullable(),
  description: z.string(),
  dtmf: z.string(),
});

/**
 * A member of a queue (spec part 2 section 3): a contact the queue calls or serves, with its
 * communications (1 to 20), served under the queue whose class and record rights govern it.
 * `q` finds a name by prefix (or exactly) or a destination exactly; the list filters by time
 * created, end cause, bucket, agent and priority. The collection's DELETE takes the same filter
 * (an empty one only with `all=true`); `PATCH …/members/reset` puts failed members back.
 */
export const queueMembers = nested({
  name: 'queueMembers',
  noun: 'member',
  path: queueMembersPath(':queueId'),
  input: memberInput,
  item: z.object({
    id: z.number(),
    queueId: z.number(),
    name: z.string(),
    priority: z.number(),
    bucket: refOutput().nullable(),
    timezone: timezoneOutput().nullable(),
    communications: z.array(communicationOutput),
    destinations: z.array(z.string()),
    variables: z.record(z.string(), z.string()),
    expireAt: z.string().nullable(),
    minOfferingAt: z.string().nullable(),
    agent: refOutput().nullable(),
    stopCause: z.string().nullable(),
    attempts: z.number(),
    offeringAt: z.string().nullable(),
    ...timestamps(),
  }),
  listFields: ['id', 'name', 'priority', 'bucket', 'destinations', 'stopCause', 'attempts', 'createdAt', 'agent'],
  search: ['name'],
  sort: ['id', 'name', 'priority', 'bucket', 'stopCause', 'attempts', 'createdAt', 'agent'],
  defaultSort: '-createdAt',
  filters: [
    { kind: 'dateRange', key: 'createdAt', from: 'from', to: 'to', since: 'previousMonth' },
    {
      kind: 'enum',
      key: 'cause',
      options: MEMBER_STOP_CAUSES,
      multiple: true,
      labels: 'queueMembers.options.stopCause',
    },
    { kind: 'ref', key: 'bucket', path: '/call_center/buckets', objClass: 'cc_bucket' },
    { kind: 'ref', key: 'agent', path: '/call_center/agents', objClass: 'cc_agent' },
    { kind: 'numberRange', key: 'priority', min: 'priorityFrom', max: 'priorityTo' },
  ],
  columns: [
    NAME_COLUMN,
    sorted('priority'),
    sorted('bucket', 'ref'),
    col('destinations', 'tags'),
    sorted('stopCause', 'enum'),
    sorted('attempts'),
    sorted('createdAt', 'date'),
    sorted('agent', 'ref'),
  ],
  refs: {
    bucket: ref((): ResourceDef => buckets),
    agent: ref((): ResourceDef => agents),
  },
  parent: queues,
  param: 'queueId',
  export: [
    'id',
    'name',
    'priority',
    'bucket',
    'timezone',
    'destinations',
    'communications',
    'variables',
    'expireAt',
    'minOfferingAt',
    'agent',
    'stopCause',
    'attempts',
    'offeringAt',
    'createdAt',
  ],
  form: {
    tabs: [
      {
        key: 'general',
        fields: [
          NAME_FIELD,
          { field: 'priority', kind: 'number', min: 0 },
          { field: 'bucket', kind: 'ref' },
          { field: 'timezone', kind: 'timezone' },
          { field: 'agent', kind: 'ref' },
          { field: 'expireAt', kind: 'date' },
          { field: 'minOfferingAt', kind: 'date' },
          { field: 'stopCause', kind: 'select', options: MEMBER_STOP_CAUSES },
        ],
      },
      {
        key: 'communications',
        fields: [
          {
            field: 'communications',
            kind: 'rows',
            required: true,
            addLabel: 'queueMembers.addCommunication',
            reorder: true,
            columns: [
              { field: 'destination', required: true },
              { field: 'type', kind: 'ref', path: '/call_center/communication_type', required: true },
              { field: 'display' },
              { field: 'priority', kind: 'number', min: 0 },
              { field: 'resource', kind: 'ref', path: '/call_center/resources' },
              { field: 'dtmf' },
              { field: 'description' },
            ],
          },
        ],
      },
    ],
  },
});
