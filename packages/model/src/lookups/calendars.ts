import { z } from 'zod';
import { col, DESCRIPTION_COLUMN, lookup, NAME_COLUMN, NO_PATCH } from '../define.js';
import { messages } from '../messages.js';
import { int, optionalText, required, timestamps } from '../validation.js';
import { timezone, timezoneOutput } from './timezones.js';

/** Days of the work week: 0 Monday … 6 Sunday (spec part 1 section 9: days 0-6). */
export const CALENDAR_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const MINUTES_PER_DAY = 1440;
/** Default working hours of a new calendar, in minutes of the day: 09:00 to 20:00. */
export const CALENDAR_DEFAULT_START = 540;
export const CALENDAR_DEFAULT_END = 1200;
/** A new calendar's work week: Monday to Friday at the default hours. */
export const CALENDAR_DEFAULT_WORK_DAYS = [0, 1, 2, 3, 4] as const;

/** A work-week row as sent: start and end in minutes of the day. */
export type AcceptRow = { day: number; disabled: boolean; startTimeOfDay: number; endTimeOfDay: number };
/** A holiday: a calendar day (`YYYY-MM-DD`), every year when `repeat`. */
export type ExceptRow = { name: string; date: string; repeat: boolean };

/** The work week of a new calendar: Monday to Friday at the default hours. */
export const defaultWorkWeek = (): AcceptRow[] =>
  CALENDAR_DEFAULT_WORK_DAYS.map((day) => ({
    day,
    disabled: false,
    startTimeOfDay: CALENDAR_DEFAULT_START,
    endTimeOfDay: CALENDAR_DEFAULT_END,
  }));

const acceptRow = z.object({
  day: int({ min: 0, max: 6 }).default(0),
  disabled: z.boolean().default(false),
  startTimeOfDay: int({ min: 0, max: MINUTES_PER_DAY }).default(0),
  endTimeOfDay: int({ min: 0, max: MINUTES_PER_DAY }).default(0),
});

/**
 * Each range starts before it ends, and no two ranges of one day overlap (touching is fine:
 * 09:00-12:00 and 12:00-18:00). The failing row's field carries the message.
 */
const workWeek = z.array(acceptRow).superRefine((rows, ctx) => {
  rows.forEach((row, i) => {
    if (row.startTimeOfDay >= row.endTimeOfDay) {
      ctx.addIssue({ code: 'custom', path: [i, 'endTimeOfDay'], message: messages.timeOrder });
      return;
    }
    const clash = rows.some(
      (other, j) =>
        j < i &&
        other.day === row.day &&
        other.startTimeOfDay < other.endTimeOfDay &&
        row.startTimeOfDay < other.endTimeOfDay &&
        other.startTimeOfDay < row.endTimeOfDay,
    );
    if (clash) ctx.addIssue({ code: 'custom', path: [i, 'startTimeOfDay'], message: messages.rangeOverlap });
  });
});

const isoDay = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .refine(
      (v) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
        if (!m) return false;
        const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
        return (
          d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
        );
      },
      { error: messages.date, abort: true },
    );

const exceptRow = z.object({ name: required(), date: isoDay(), repeat: z.boolean().default(false) });

/** An instant as epoch milliseconds. */
const instant = () => z.number({ error: messages.numeric }).int({ error: messages.numeric }).nonnegative().nullable();

const calendarInput = z.object({
  name: required(),
  description: optionalText(),
  timezone: timezone(),
  startAt: instant().default(null),
  endAt: instant().default(null),
  /**
   * True when a start or end exists. When false, startAt and endAt are not sent (and whatever
   * comes is dropped); when true, at least one of them is needed and start comes first. Listed
   * after them: the server applies it last.
   */
  expires: z.boolean().default(false),
  accepts: workWeek.default([]),
  excepts: z.array(exceptRow).default([]),
});
export type CalendarInput = z.output<typeof calendarInput>;

/** The checks across fields of one calendar (expiry), shared by the server and the form. */
export function calendarProblems(body: {
  expires?: boolean;
  startAt?: number | null;
  endAt?: number | null;
}): { field: string; message: string }[] {
  if (!body.expires) return [];
  const start = body.startAt ?? null;
  const end = body.endAt ?? null;
  if (start === null && end === null) return [{ field: 'startAt', message: messages.required }];
  if (start !== null && end !== null && end <= start) return [{ field: 'endAt', message: messages.dateOrder }];
  return [];
}

export const calendars = lookup({
  name: 'calendars',
  path: '/calendars',
  objClass: 'calendars',
  input: calendarInput,
  item: z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    timezone: timezoneOutput(),
    expires: z.boolean(),
    startAt: z.number().nullable(),
    endAt: z.number().nullable(),
    accepts: z.array(acceptRow),
    excepts: z.array(exceptRow),
    ...timestamps(),
  }),
  listFields: ['id', 'name', 'description', 'timezone'],
  sortable: ['createdAt', 'updatedAt'],
  columns: [NAME_COLUMN, col('timezone', 'timezone'), DESCRIPTION_COLUMN],
  // Calendars take per-record permissions (spec part 1 section 6).
  recordAcl: true,
  logObject: 'calendars',
  ops: NO_PATCH,
});
