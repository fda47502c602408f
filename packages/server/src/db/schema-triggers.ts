// Tables of the triggers (integrations area); see schema.ts for the conventions.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { domainLogRecord, namedRecord } from './schema-core.js';
import { emptyText, flag, nameIndexes, refId, stamps, textMap, timestamptz } from './schema-helpers.js';
import { flows } from './schema-routing.js';

/** Cron triggers: a service flow run at the expression's times in the trigger's zone. */
export const triggers = pgTable(
  'triggers',
  {
    ...namedRecord(),
    enabled: flag('enabled', true),
    flowId: refId('flow_id', () => flows.id, 'restrict'),
    /** Seconds; 0: no limit of the trigger's own. */
    timeout: integer('timeout').notNull().default(60),
    timezone: text('timezone').notNull(),
    type: text('type').notNull().default('cron'),
    variables: textMap('variables'),
    expression: text('expression').notNull(),
    ...stamps,
  },
  (t) => [
    ...nameIndexes('triggers', t),
    index('triggers_flow').on(t.flowId),
    // The scheduler reads the enabled ones on every tick.
    index('triggers_enabled').on(t.enabled),
  ],
);

/**
 * Runs of triggers (the run log). A scheduled run holds its cron slot: the unique (trigger, slot)
 * key is how API nodes agree that each slot runs once — the node whose insert wins runs it. A run
 * started by hand has no slot.
 */
export const triggerRuns = pgTable(
  'trigger_runs',
  {
    ...domainLogRecord(),
    triggerId: refId('trigger_id', () => triggers.id, 'cascade'),
    slot: timestamptz('slot'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startedAt: timestamptz('started_at'),
    stoppedAt: timestamptz('stopped_at'),
    /** Milliseconds, stopped − started. */
    durationMs: integer('duration_ms'),
    /** idle, active, done, error. */
    result: text('result').notNull().default('idle'),
    error: emptyText('error'),
    variables: textMap('variables'),
    /** What the flow runner answered to a run that is done (its JSON body), if anything. */
    output: jsonb('output'),
    /** Seconds the run may take (the trigger's timeout when it was claimed). */
    timeout: integer('timeout').notNull().default(60),
  },
  (t) => [
    uniqueIndex('trigger_runs_trigger_slot').on(t.triggerId, t.slot),
    index('trigger_runs_trigger_created').on(t.triggerId, t.createdAt),
    index('trigger_runs_trigger_started').on(t.triggerId, t.startedAt),
    // The sweep looks for runs a dead node left unfinished.
    index('trigger_runs_open').on(t.result, t.createdAt).where(sql`result in ('idle', 'active')`),
  ],
);
