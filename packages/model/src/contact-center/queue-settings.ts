/** Queue types' payload settings: their checks, defaults and controls, and what each type has. */
import { z } from 'zod';
import { messages } from '../messages.js';
import type { FormField } from '../resource.js';
import { int, oneOf, refInput } from '../validation.js';

/** Spec part 2 section 9: the retry choices of `waitBetweenRetries`, seconds (15, 30, 45 min, 1, 4, 6 h). */
export const QUEUE_RETRY_CHOICES = [900, 1800, 2700, 3600, 14400, 21600] as const;
/** The choices of `statisticTime`, minutes (180 is 3 hours; the original's "4 hour" label was a mistake). */
export const QUEUE_STATISTIC_TIME_CHOICES = [15, 30, 45, 60, 180, 360] as const;
/** How waiting time is scored (inbound, chat inbound): by the queue's own clock or the system's. */
export const QUEUE_TIME_BASE_SCORES = ['queue', 'system'] as const;
/** Spec part 5: shown beside "max tasks" (`maxCalls`) while it is 0. */
export const QUEUE_MAX_CALLS_ZERO_WARNING = 'Queue max tasks of 0 means the dialer will not call.';

/** Answering machine detection (spec part 2 sections 3 and 9); times in milliseconds. */
export const QUEUE_AMD_DEFAULTS = {
  enabled: false,
  ai: false,
  positiveLabels: [] as string[],
  playback: null as { id: number } | null,
  allowNotSure: false,
  silenceNotSure: false,
  maxWordLength: 5000,
  maxNumberOfWords: 3,
  betweenWordsSilence: 50,
  minWordLength: 100,
  totalAnalysisTime: 5000,
  silenceThreshold: 256,
  afterGreetingSilence: 800,
  greeting: 1500,
  initialSilence: 2500,
};

const flag = () => z.boolean({ error: 'Should be true or false' });
const choiceOf = (values: readonly number[]) =>
  z
    .number({ error: messages.numeric })
    .refine((v) => values.includes(v), { error: `${messages.oneOf} ${values.join(', ')}` });

/** The AMD block as stored: every key optional (a write fills the defaults), no other key. */
const amdSchema = z
  .strictObject({
    enabled: flag(),
    ai: flag(),
    positiveLabels: z.array(z.string().trim().min(1, { error: messages.required }).max(100)).max(50),
    playback: refInput().nullable(),
    allowNotSure: flag(),
    silenceNotSure: flag(),
    maxWordLength: int({ min: 0 }),
    maxNumberOfWords: int({ min: 0 }),
    betweenWordsSilence: int({ min: 0 }),
    minWordLength: int({ min: 0 }),
    totalAnalysisTime: int({ min: 0 }),
    silenceThreshold: int({ min: 0 }),
    afterGreetingSilence: int({ min: 0 }),
    greeting: int({ min: 0 }),
    initialSilence: int({ min: 0 }),
  })
  .partial();

/** One payload setting: the check of its stored value, its default, and its control (none: not on screen). */
type Setting = { schema: z.ZodType; default: unknown; control: Omit<FormField, 'field' | 'label'> | null };
const count = (value: number, range: { min?: number; max?: number } = { min: 0 }): Setting => ({
  schema: int(range),
  default: value,
  control: { kind: 'number', ...range },
});
const toggle = (when?: FormField['when']): Setting => ({
  schema: flag(),
  default: false,
  control: when ? { kind: 'switch', when } : { kind: 'switch' },
});
const choice = (values: readonly number[], value: number): Setting => ({
  schema: choiceOf(values),
  default: value,
  control: { kind: 'select', options: values, required: true },
});

/**
 * Every payload setting a queue type may have (spec part 2 section 3), with the defaults of
 * section 9: times in seconds unless named otherwise (statisticTime in minutes, AMD in ms).
 */
export const QUEUE_SETTINGS = {
  maxWaitTime: count(3600),
  maxWaitingSize: count(0),
  discardAbandonedAfter: count(0),
  timeBaseScore: { schema: oneOf(QUEUE_TIME_BASE_SCORES), default: 'queue', control: null } as Setting,
  allowGreetingAgent: toggle(),
  stickyAgentSec: { ...count(5), control: { kind: 'number', min: 0, when: { field: 'stickyAgent', equals: true } } },
  autoAnswerTone: {
    schema: z.string({ error: 'Should be text' }).trim().max(200).nullable(),
    default: null,
    control: { kind: 'text' },
  } as Setting,
  minOnlineAgents: count(0),
  manualDistribution: toggle(),
  minDuration: count(3),
  originateTimeout: count(60, { min: 1 }),
  maxAttempts: count(3),
  waitBetweenRetries: choice(QUEUE_RETRY_CHOICES, 1800),
  waitBetweenRetriesDesc: toggle(),
  maxCalls: count(10),
  strictCircuit: toggle(),
  recordings: toggle(),
  recordAll: toggle({ field: 'payload.recordings', equals: true }),
  perNumbers: toggle(),
  endless: toggle(),
  retryAbandoned: toggle(),
  statisticTime: choice(QUEUE_STATISTIC_TIME_CHOICES, 60),
  minAttempts: count(3),
  maxAgentLose: count(1),
  maxAgentLine: count(5),
  maxAbandonedRate: count(5, { min: 0, max: 100 }),
  targetAbandonedRate: count(3, { min: 0, max: 100 }),
  loadFactor: count(10, { min: 1, max: 100 }),
  abandonRateAdjustment: count(0),
  playbackSilence: count(0),
  maxIdleAgent: count(3600),
  maxIdleClient: count(3600),
  maxIdleDialog: count(0),
  amd: { schema: amdSchema, default: QUEUE_AMD_DEFAULTS, control: null } as Setting,
} satisfies Record<string, Setting>;
export type QueueSettingKey = keyof typeof QUEUE_SETTINGS;

/** Timing settings of the dialers (REFERENCE.md "Queue types"). */
const TIMING: QueueSettingKey[] = [
  'originateTimeout',
  'maxAttempts',
  'waitBetweenRetries',
  'waitBetweenRetriesDesc',
  'maxCalls',
  'strictCircuit',
  'recordings',
  'recordAll',
  'perNumbers',
];
const WAIT_TIME: QueueSettingKey[] = ['maxWaitTime', 'maxWaitingSize', 'discardAbandonedAfter'];
/** On the Params tab, the common `stickyAgent` switch sits among the type's settings. */
export const STICKY = 'stickyAgent';
type ParamKey = QueueSettingKey | typeof STICKY;

type QueueTypeSpec = {
  /** Common fields the General tab shows for this type. */
  general: readonly string[];
  /** The Params tab, in order: payload settings and the `stickyAgent` switch. */
  params: readonly ParamKey[];
  /** Payload settings whose default differs for this type. */
  defaults?: Partial<Record<QueueSettingKey, unknown>>;
  processing: boolean;
};

const PREVIEW_GENERAL = ['strategy', 'team', 'doSchema', 'afterSchema', 'grantee'];
const PREVIEW_PARAMS: ParamKey[] = [...TIMING, 'allowGreetingAgent', 'endless', STICKY, 'minOnlineAgents'];

/** What each type has (REFERENCE.md "Queue types"), by code. */
export const QUEUE_TYPE_SPECS: Record<number, QueueTypeSpec> = {
  0: {
    general: PREVIEW_GENERAL,
    params: ['originateTimeout', 'recordings', 'recordAll', 'perNumbers', 'minOnlineAgents'],
    processing: true,
  },
  1: {
    general: ['team', 'ringtone', 'grantee'],
    params: [
      ...WAIT_TIME,
      'allowGreetingAgent',
      STICKY,
      'stickyAgentSec',
      'autoAnswerTone',
      'minOnlineAgents',
      'manualDistribution',
      'timeBaseScore',
    ],
    processing: true,
  },
  2: {
    general: ['strategy', 'schema', 'doSchema', 'afterSchema', 'grantee'],
    params: [...TIMING, 'minDuration', 'amd'],
    processing: false,
  },
  3: { general: PREVIEW_GENERAL, params: PREVIEW_PARAMS, processing: true },
  4: {
    general: [...PREVIEW_GENERAL, 'ringtone'],
    params: [...PREVIEW_PARAMS, 'autoAnswerTone', 'amd'],
    processing: true,
  },
  5: {
    general: [...PREVIEW_GENERAL, 'ringtone'],
    params: [
      ...TIMING,
      'maxWaitTime',
      'statisticTime',
      'minAttempts',
      'maxAgentLose',
      'maxAgentLine',
      'maxAbandonedRate',
      'targetAbandonedRate',
      'loadFactor',
      'abandonRateAdjustment',
      'playbackSilence',
      'retryAbandoned',
      'endless',
      STICKY,
      'stickyAgentSec',
      'autoAnswerTone',
      'minOnlineAgents',
      'amd',
    ],
    // Spec part 2 section 9: a predictive dialer waits 10 s, not an hour.
    defaults: { maxWaitTime: 10 },
    processing: true,
  },
  6: {
    general: ['strategy', 'team'],
    params: [
      ...WAIT_TIME,
      'maxIdleAgent',
      'maxIdleClient',
      'maxIdleDialog',
      STICKY,
      'stickyAgentSec',
      'minOnlineAgents',
      'manualDistribution',
      'timeBaseScore',
    ],
    processing: true,
  },
  7: {
    general: ['strategy', 'team', 'doSchema', 'afterSchema'],
    params: ['maxAttempts', 'maxCalls', 'waitBetweenRetries', 'waitBetweenRetriesDesc', STICKY, 'minOnlineAgents'],
    processing: true,
  },
  8: {
    general: ['strategy', 'schema', 'doSchema', 'afterSchema'],
    params: TIMING.filter((k) => k !== 'recordings' && k !== 'recordAll'),
    processing: false,
  },
};

/** The payload settings of a queue type, in screen order. */
export const queueSettingsOf = (type: number): QueueSettingKey[] =>
  (QUEUE_TYPE_SPECS[type]?.params ?? []).filter((k): k is QueueSettingKey => k !== STICKY);

/** A new queue's payload of a type: each of its settings at its default. */
export function queuePayloadDefaults(type: number): Record<string, unknown> {
  const spec = QUEUE_TYPE_SPECS[type];
  const out: Record<string, unknown> = {};
  for (const key of queueSettingsOf(type)) {
    const value = spec?.defaults?.[key] ?? QUEUE_SETTINGS[key].default;
    out[key] = key === 'amd' ? { ...QUEUE_AMD_DEFAULTS, positiveLabels: [] } : value;
  }
  return out;
}

/**
 * A payload as it is stored: the type's defaults for what it leaves out (the AMD block key by
 * key), the recording of every call off while recordings are off, an empty tone as none.
 */
export function completeQueuePayload(type: number, payload: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...queuePayloadDefaults(type), ...payload };
  if ('amd' in out) {
    const sent = out.amd && typeof out.amd === 'object' ? (out.amd as Record<string, unknown>) : {};
    out.amd = { ...QUEUE_AMD_DEFAULTS, positiveLabels: [], ...sent };
  }
  if ('recordAll' in out && out.recordings !== true) out.recordAll = false;
  if (out.autoAnswerTone === '') out.autoAnswerTone = null;
  return out;
}

/**
 * Required fields per type (REFERENCE.md "Queue details"). Name, calendar and priority are the
 * common schema's, and so is the strategy: one of three, fifo by default, never empty (the form
 * marks it required on every type but inbound, which does not show it).
 */
export function requiredOf(code: number): string[] {
  const out: string[] = [];
  if ([0, 2, 3, 4, 5, 8].includes(code)) out.push('payload.originateTimeout');
  if ([2, 3, 4, 5, 7, 8].includes(code)) out.push('payload.maxAttempts', 'payload.waitBetweenRetries');
  if (code === 1 || code === 6) out.push('payload.maxWaitTime', 'payload.timeBaseScore');
  return out;
}
