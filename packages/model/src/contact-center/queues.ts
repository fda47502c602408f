import { z } from 'zod';
import { BY_NAME, DESCRIPTION_FIELD, NAME_COLUMN, NAME_FIELD, resource, sorted } from '../define.js';
import { blacklists } from '../lookups/blacklists.js';
import { calendars } from '../lookups/calendars.js';
import { media } from '../lookups/media.js';
import { messages } from '../messages.js';
import { roles } from '../permissions/roles.js';
import { type FieldProblem, type FormField, type ResourceDef, ref, type VariantDef } from '../resource.js';
import { flows } from '../routing/flows.js';
import { int, oneOf, optionalText, refInput, refOutput, required, requiredRef, timestamps } from '../validation.js';
import {
  type QUEUE_AMD_DEFAULTS,
  QUEUE_SETTINGS,
  QUEUE_TYPE_SPECS,
  queuePayloadDefaults,
  queueSettingsOf,
  requiredOf,
  STICKY,
} from './queue-settings.js';
import { teams } from './teams.js';

/**
 * Queue type codes (REFERENCE.md "Queue types"): the code is what the API stores and answers;
 * the key names the type on screen (`queues.variants.<key>`) and in routes.
 */
export const QUEUE_TYPES = [
  { code: 0, key: 'offline' },
  { code: 1, key: 'inbound' },
  { code: 2, key: 'outboundIvr' },
  { code: 3, key: 'preview' },
  { code: 4, key: 'progressive' },
  { code: 5, key: 'predictive' },
  { code: 6, key: 'chatInbound' },
  { code: 7, key: 'inboundJob' },
  { code: 8, key: 'outboundJob' },
] as const;
export type QueueTypeKey = (typeof QUEUE_TYPES)[number]['key'];
export const QUEUE_TYPE_CODES = QUEUE_TYPES.map((t) => t.code);
/** Spec part 2 section 3: a new queue is of type 0 (offline). */
export const QUEUE_TYPE_DEFAULT = 0;
/** Bulk member import is refused for these types (inbound, chat inbound). */
export const QUEUE_TYPES_WITHOUT_IMPORT: readonly number[] = [1, 6];

/** Strategy of a queue (spec part 2 section 3): fifo by default. */
export const QUEUE_STRATEGIES = ['fifo', 'lifo', 'strict_fifo'] as const;
export const QUEUE_STRATEGY_DEFAULT = 'fifo';

/** Task processing (spec part 2 section 9): 30 s to process, an offer to renew 15 s before. */
export const TASK_PROCESSING_DEFAULTS = { enabled: false, formSchema: null, sec: 30, renewalSec: 15 } as const;

const flowRefOrNull = () => refInput().nullable().default(null);

/** Variables as the API takes and answers them: a map; the screen edits key/value rows. */
export const queueVariables = () => z.record(z.string(), z.string()).default({});

/**
 * Queue (spec part 2 section 3): the fields every type shares. `payload` holds the type's own
 * settings (REFERENCE.md "Queue types"); the type is fixed once the queue exists.
 */
export const queueInput = z.object({
  name: required(),
  description: optionalText(),
  type: z.union(QUEUE_TYPE_CODES.map((c) => z.literal(c))).default(QUEUE_TYPE_DEFAULT),
  priority: int({ min: 0 }).default(0),
  strategy: oneOf(QUEUE_STRATEGIES).default(QUEUE_STRATEGY_DEFAULT),
  calendar: requiredRef(),
  dncList: refInput().nullable().default(null),
  team: refInput().nullable().default(null),
  ringtone: refInput().nullable().default(null),
  grantee: refInput().nullable().default(null),
  /** The flow the queue runs (outbound IVR, outbound job). */
  schema: flowRefOrNull(),
  /** Flows before and after a member is served. */
  doSchema: flowRefOrNull(),
  afterSchema: flowRefOrNull(),
  /** The form flow shown to the agent. */
  formSchema: flowRefOrNull(),
  variables: queueVariables(),
  stickyAgent: z.boolean().default(false),
  taskProcessing: z
    .object({
      enabled: z.boolean().default(TASK_PROCESSING_DEFAULTS.enabled),
      formSchema: refInput().nullable().default(null),
      sec: int({ min: 0 }).default(TASK_PROCESSING_DEFAULTS.sec),
      renewalSec: int({ min: 0 }).default(TASK_PROCESSING_DEFAULTS.renewalSec),
    })
    .default({ ...TASK_PROCESSING_DEFAULTS }),
  payload: z.record(z.string(), z.unknown()).default({}),
  maxOfRetry: int({ min: 0 }).default(0),
  timeout: int({ min: 0 }).default(0),
  secBetweenRetries: int({ min: 0 }).default(0),
  enabled: z.boolean().default(true),
});

export const queueItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  type: z.number(),
  priority: z.number(),
  strategy: z.string(),
  calendar: refOutput(),
  dncList: refOutput().nullable(),
  team: refOutput().nullable(),
  ringtone: refOutput().nullable(),
  grantee: refOutput().nullable(),
  schema: refOutput().nullable(),
  doSchema: refOutput().nullable(),
  afterSchema: refOutput().nullable(),
  formSchema: refOutput().nullable(),
  variables: z.record(z.string(), z.string()),
  stickyAgent: z.boolean(),
  taskProcessing: z.object({
    enabled: z.boolean(),
    formSchema: refOutput().nullable(),
    sec: z.number(),
    renewalSec: z.number(),
  }),
  payload: z.record(z.string(), z.unknown()),
  maxOfRetry: z.number(),
  timeout: z.number(),
  secBetweenRetries: z.number(),
  enabled: z.boolean(),
  /** Calls of the queue in progress (from telephony events). */
  active: z.number(),
  /** Members not yet ended. */
  waiting: z.number(),
  ...timestamps(),
});

const label = (key: string) => `queues.fields.${key}`;
const GENERAL_CONTROLS: Record<string, FormField> = {
  strategy: { field: 'strategy', kind: 'select', options: QUEUE_STRATEGIES, required: true },
  team: { field: 'team', kind: 'ref', label: label('team') },
  ringtone: { field: 'ringtone', kind: 'ref', label: label('ringtone') },
  grantee: { field: 'grantee', kind: 'ref', label: label('grantee') },
  schema: { field: 'schema', kind: 'ref', label: label('schema') },
  doSchema: { field: 'doSchema', kind: 'ref', label: label('doSchema') },
  afterSchema: { field: 'afterSchema', kind: 'ref', label: label('afterSchema') },
};

function paramControls(code: number): FormField[] {
  const required = requiredOf(code);
  const out: FormField[] = [];
  for (const key of QUEUE_TYPE_SPECS[code].params) {
    if (key === STICKY) {
      out.push({ field: 'stickyAgent', kind: 'switch', label: label('stickyAgent') });
      continue;
    }
    const control = QUEUE_SETTINGS[key].control;
    if (!control) continue;
    const field = `payload.${key}`;
    out.push({ ...control, field, label: label(key), ...(required.includes(field) ? { required: true } : {}) });
  }
  return out;
}

const amd = (
  key: keyof typeof QUEUE_AMD_DEFAULTS,
  kind: FormField['kind'],
  more: Partial<FormField> = {},
): FormField => ({
  field: `payload.amd.${key}`,
  kind,
  label: `queues.amd.${key}`,
  ...more,
});
const AI_ON = { field: 'payload.amd.ai', equals: true };
const AI_OFF = { field: 'payload.amd.ai', equals: false };
const ms = (key: keyof typeof QUEUE_AMD_DEFAULTS) => amd(key, 'number', { min: 0, when: AI_OFF });

/** The AMD tab (outbound IVR, progressive and predictive dialers). */
const AMD_TAB = {
  key: 'amd',
  fields: [
    amd('enabled', 'switch'),
    amd('ai', 'switch'),
    amd('positiveLabels', 'tags', { when: AI_ON }),
    amd('playback', 'ref', { path: '/storage/media', when: AI_ON }),
    amd('allowNotSure', 'switch', { when: AI_ON }),
    amd('silenceNotSure', 'switch', { when: AI_ON }),
    ms('maxWordLength'),
    ms('maxNumberOfWords'),
    ms('betweenWordsSilence'),
    ms('minWordLength'),
    ms('totalAnalysisTime'),
    ms('silenceThreshold'),
    ms('afterGreetingSilence'),
    ms('greeting'),
    ms('initialSilence'),
  ],
};

const PROCESSING_ON = { field: 'taskProcessing.enabled', equals: true };
/** The Processing tab: the time an agent has to process a task after it, and its form. */
const PROCESSING_TAB = {
  key: 'processing',
  fields: [
    { field: 'taskProcessing.enabled', kind: 'switch', label: label('processingEnabled') },
    {
      field: 'taskProcessing.formSchema',
      kind: 'ref',
      path: '/routing/schema',
      label: label('processingForm'),
      when: PROCESSING_ON,
    },
    { field: 'taskProcessing.sec', kind: 'number', min: 0, label: label('processingSec'), when: PROCESSING_ON },
    {
      field: 'taskProcessing.renewalSec',
      kind: 'number',
      min: 0,
      label: label('processingRenewalSec'),
      when: PROCESSING_ON,
    },
  ] as FormField[],
};

/** The variant of one type: what it requires, its payload's defaults and checks, its controls. */
function queueVariant(code: number, key: string): VariantDef {
  const settings = queueSettingsOf(code);
  const shape = Object.fromEntries(settings.map((k) => [k, QUEUE_SETTINGS[k].schema.optional()]));
  const spec = QUEUE_TYPE_SPECS[code];
  const tabs = [
    { key: 'general', fields: spec.general.map((f) => GENERAL_CONTROLS[f]) },
    { key: 'params', fields: paramControls(code) },
  ];
  if (spec.processing) tabs.push(PROCESSING_TAB);
  if (settings.includes('amd')) tabs.push(AMD_TAB);
  return {
    key,
    value: code,
    required: requiredOf(code),
    defaults: { payload: queuePayloadDefaults(code) },
    schema: z.object({ payload: z.looseObject(shape) }),
    check: (record, stored) => {
      const out: FieldProblem[] = [];
      if (stored && stored.type !== record.type) out.push({ field: 'type', message: messages.queueTypeFixed });
      const payload = record.payload && typeof record.payload === 'object' ? record.payload : {};
      for (const k of Object.keys(payload)) {
        if (!(settings as string[]).includes(k)) out.push({ field: `payload.${k}`, message: messages.queueSetting });
      }
      return out;
    },
    form: { tabs },
  };
}

/**
 * The queues (spec part 2 sections 2-3, REFERENCE.md "Queue types", "Queue details"): nine types,
 * each a variant with its own settings (`payload`), defaults, required fields and tabs. The type
 * is fixed once the queue exists.
 */
export const queues = resource({
  name: 'queues',
  noun: 'queue',
  path: '/call_center/queues',
  objClass: 'cc_queue',
  area: 'contact-center',
  input: queueInput,
  item: queueItem,
  listFields: ['id', 'name', 'type', 'active', 'waiting', 'priority', 'team', 'enabled', 'description'],
  ...BY_NAME,
  filters: [
    { kind: 'enum', key: 'type', options: QUEUE_TYPES.map((t) => String(t.code)) },
    { kind: 'ref', key: 'team', path: '/call_center/teams', objClass: 'cc_team' },
    { kind: 'enum', key: 'enabled', options: ['true', 'false'] },
  ],
  columns: [
    NAME_COLUMN,
    sorted('type', 'enum'),
    { field: 'active', sort: 'active', label: 'queues.columns.active' },
    { field: 'waiting', sort: 'waiting', label: 'queues.columns.waiting' },
    sorted('priority'),
    { field: 'team', kind: 'ref', sort: 'team', label: 'queues.fields.team' },
    {
      field: 'enabled',
      kind: 'toggle',
      patch: (enabled) => ({ enabled }),
      sort: 'enabled',
      label: 'queues.columns.enabled',
    },
  ],
  recordAcl: true,
  logObject: 'queues',
  refs: {
    calendar: ref((): ResourceDef => calendars),
    dncList: ref((): ResourceDef => blacklists),
    team: ref((): ResourceDef => teams),
    ringtone: ref((): ResourceDef => media),
    grantee: ref((): ResourceDef => roles),
    schema: ref((): ResourceDef => flows, { filter: { type: 'voice' } }),
    doSchema: ref((): ResourceDef => flows, { filter: { type: 'voice' } }),
    afterSchema: ref((): ResourceDef => flows, { filter: { type: 'voice' } }),
    formSchema: ref((): ResourceDef => flows, { filter: { type: 'processing' } }),
  },
  ops: { create: true, update: true, patch: true, delete: true, bulkPatch: ['enabled'] },
  form: {
    tabs: [
      {
        key: 'general',
        fields: [
          NAME_FIELD,
          { field: 'type', kind: 'select', options: QUEUE_TYPE_CODES, required: true },
          { field: 'calendar', kind: 'ref', required: true, label: label('calendar') },
          { field: 'priority', kind: 'number', min: 0, required: true },
          { field: 'dncList', kind: 'ref', label: label('dncList') },
          { field: 'enabled', kind: 'switch' },
          DESCRIPTION_FIELD,
        ],
      },
      // Each type adds its settings here.
      { key: 'params', fields: [] },
      { key: 'variables', fields: [{ field: 'variables', kind: 'keyValue' }] },
    ],
  },
  variants: {
    field: 'type',
    cases: QUEUE_TYPES.map((t) => queueVariant(t.code, t.key)),
  },
});

/** Member end causes (spec part 2 section 3). */
export const MEMBER_STOP_CAUSES = ['abandoned', 'timeout', 'cancel', 'success', 'failed', 'missed', 'expired'] as const;
/** Reset touches only failed members: every end cause but these (REFERENCE.md "Queue details"). */
export const MEMBER_STOP_CAUSES_NOT_RESET = ['success', 'expired', 'cancel'] as const;
/** A member has at least 1 and at most 20 communications. */
export const MEMBER_COMMUNICATIONS_MAX = 20;
/** Spec part 2 section 9: a new member expires in 7 days; its priority is 0. */
export const MEMBER_EXPIRY_DAYS = 7;

/** The path of one queue's members. */
export const queueMembersPath = (queueId: number | string) => `/call_center/queues/${queueId}/members`;
