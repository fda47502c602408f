import { triggerRuns as triggerRunsDef, triggers as triggersDef } from '@switchboard/model';
import { triggerRuns, triggers } from '../../../db/schema.js';
import { defineServerResource } from '../../engine/define.js';
import { timezoneField } from '../../lookups/timezones.js';

/**
 * Triggers at /api/trigger (class trigger, record ACL): a service flow (`schema`, its column
 * flow_id) run at the cron expression's times in the trigger's zone (jobs/triggers.ts).
 */
export const triggersResource = defineServerResource(triggersDef, {
  table: triggers,
  refs: { schema: triggers.flowId },
  fields: { timezone: timezoneField('t.timezone', 'timezone') },
});

/**
 * A trigger's run log at /api/trigger/{id}/job (read under the trigger's read right). Duration is
 * answered in milliseconds and filtered and sorted in seconds (`durationFrom`, `durationTo`).
 */
export const triggerRunsResource = defineServerResource(triggerRunsDef, {
  table: triggerRuns,
  fields: {
    duration: { select: 't.duration_ms', column: '(t.duration_ms / 1000.0)' },
  },
});
