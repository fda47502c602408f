import { z } from 'zod';
import { answerOf, BY_NAME_AND_TIME, col, NAME_COLUMN, nested, resource, sorted } from '../define.js';
import { timezone, timezoneOutput } from '../lookups/timezones.js';
import { messages } from '../messages.js';
import { ref } from '../resource.js';
import { flowRef, flows } from '../routing/flows.js';
import { int, oneOf, optionalText, required, timestamps } from '../validation.js';
import { isCronExpression, TRIGGER_CRON_DEFAULT } from './cron.js';

/** Trigger types: cron ("At time") is the only one, and the default. */
export const TRIGGER_TYPES = ['cron'] as const;
/** Spec part 2 section 9: a run waits 60 s for the flow runner by default. */
export const TRIGGER_TIMEOUT_DEFAULT = 60;
/**
 * A timeout of 0 sets no limit of the trigger's own; a run still ends after this many seconds, so
 * a runner that never answers cannot hold a run (and its slot) for ever.
 */
export const TRIGGER_TIMEOUT_CAP = 86_400;
/** A trigger runs a flow of this type. */
export const TRIGGER_FLOW_TYPE = 'service';
/** Run results (spec part 2 section 4). */
export const TRIGGER_RUN_RESULTS = ['idle', 'active', 'done', 'error'] as const;
export type TriggerRunResult = (typeof TRIGGER_RUN_RESULTS)[number];

/** Variables travel as a key/value map; keys are not empty. */
export const triggerVariables = () =>
  z
    .record(z.string().trim().min(1, { error: messages.required }), z.string({ error: 'Should be text' }))
    .refine((v) => Object.keys(v).length <= 200, { error: `${messages.max} 200` });

export const cronExpression = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .refine(isCronExpression, { error: messages.cron });

const triggerInput = z.object({
  name: required(),
  description: optionalText(),
  enabled: z.boolean().default(true),
  schema: flowRef(),
  /** Seconds a run waits for the flow runner; 0: no limit of its own (see TRIGGER_TIMEOUT_CAP). */
  timeout: int({ min: 0, max: TRIGGER_TIMEOUT_CAP }).default(TRIGGER_TIMEOUT_DEFAULT),
  timezone: timezone(),
  type: oneOf(TRIGGER_TYPES).default(TRIGGER_TYPES[0]),
  variables: triggerVariables().default({}),
  expression: cronExpression().default(TRIGGER_CRON_DEFAULT),
});

export const triggers = resource({
  name: 'triggers',
  noun: 'trigger',
  path: '/trigger',
  objClass: 'trigger',
  area: 'integrations',
  input: triggerInput,
  item: answerOf(triggerInput, { timezone: timezoneOutput(), ...timestamps() }),
  listFields: ['id', 'name', 'description', 'enabled', 'schema', 'timezone', 'type', 'expression'],
  ...BY_NAME_AND_TIME,
  columns: [NAME_COLUMN, sorted('expression'), sorted('timezone', 'timezone'), sorted('enabled', 'toggle')],
  recordAcl: true,
  refs: { schema: ref(() => flows, { filter: { type: TRIGGER_FLOW_TYPE } }) },
});

/** The path of one trigger's runs: GET lists them (the run log), POST runs the trigger now. */
export const triggerJobsPath = (triggerId: number | string) => `/trigger/${triggerId}/job`;

/**
 * The run log of a trigger: one entry per run, scheduled or run now, newest first. `duration` is
 * stopped − started in milliseconds (null until the run stops); its filter takes seconds.
 */
export const triggerRuns = nested({
  name: 'triggerRuns',
  path: triggerJobsPath(':triggerId'),
  item: z.object({
    id: z.number(),
    triggerId: z.number(),
    /** The cron slot this run is, or null for a run started by hand. */
    slot: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    stoppedAt: z.string().nullable(),
    duration: z.number().nullable(),
    result: z.enum(TRIGGER_RUN_RESULTS),
    error: z.string(),
    variables: z.record(z.string(), z.string()),
    /** What the flow runner answered to a run that is done, if anything. */
    output: z.unknown(),
  }),
  listFields: ['id', 'triggerId', 'slot', 'createdAt', 'startedAt', 'stoppedAt', 'duration', 'result', 'error'],
  search: ['error'],
  defaultSort: '-createdAt',
  filters: [
    { kind: 'dateRange', key: 'startedAt', from: 'startedAtFrom', to: 'startedAtTo', today: true },
    { kind: 'numberRange', key: 'duration', min: 'durationFrom', max: 'durationTo' },
    { kind: 'enum', key: 'result', options: TRIGGER_RUN_RESULTS, multiple: true },
  ],
  columns: [
    sorted('createdAt', 'date'),
    sorted('startedAt', 'date'),
    col('stoppedAt', 'date'),
    sorted('duration'),
    col('result', 'enum'),
    col('error'),
  ],
  parent: triggers,
  param: 'triggerId',
});

/** Run now: variables merged over the trigger's. */
export const triggerRunNowInput = z.object({ variables: triggerVariables().default({}) });

/** Milliseconds as `HH:MM:SS.mmm` (the run log's duration). */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const whole = Math.floor(ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(whole / 3_600_000);
  const m = Math.floor((whole % 3_600_000) / 60_000);
  const s = Math.floor((whole % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(whole % 1000, 3)}`;
}
