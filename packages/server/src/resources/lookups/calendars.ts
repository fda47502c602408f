import { calendarProblems, calendars as calendarsDef } from '@switchboard/model';
import { validationError } from '../../core/route.js';
import { calendars } from '../../db/schema.js';
import { defineServerResource } from '../engine/define.js';
import { timezoneField } from './timezones.js';

type Body = { expires?: boolean; startAt?: number | null; endAt?: number | null };

/**
 * Calendars: the work week and holidays are checked by the model schema (order and overlap, with
 * the failing row's path); the expiry rule spans fields, so it is checked here as well.
 */
export const calendarsResource = defineServerResource(calendarsDef, {
  table: calendars,
  fields: {
    timezone: timezoneField('t.timezone', 'timezone'),
    // bigint columns come back as text from node-postgres: cast to a JSON number.
    startAt: {
      select: 't.start_at::float8',
      write: (value, row) => {
        row.startAt = (value as number | null | undefined) ?? null;
      },
    },
    endAt: {
      select: 't.end_at::float8',
      write: (value, row) => {
        row.endAt = (value as number | null | undefined) ?? null;
      },
    },
    expires: {
      select: '(t.start_at is not null or t.end_at is not null)',
      // Not expiring: start and end are not kept, whatever was sent beside it. The schema lists
      // expires after startAt and endAt, so this runs after their writes.
      write: (value, row) => {
        if (!value) {
          row.startAt = null;
          row.endAt = null;
        }
      },
    },
  },
  beforeWrite: (body) => {
    const problems = calendarProblems(body as Body);
    if (problems.length) throw validationError(calendarsDef.name, problems);
  },
});
