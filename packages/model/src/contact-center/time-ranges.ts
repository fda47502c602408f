import { messages } from '../messages.js';

/** A time range of the day, in minutes from midnight, as sent. */
export type TimeOfDayRange = { startTimeOfDay: number; endTimeOfDay: number };

/** One refused row of a list of time ranges: its index and the field at fault. */
export type TimeRangeProblem = { index: number; field: keyof TimeOfDayRange; message: string };

/**
 * The rules of a list of ranges within one day: each starts before it ends, and no two overlap
 * (touching is fine: 09:00-12:00 then 12:00-18:00). A row is reported once, on the field at fault:
 * its end when it ends too early, else its start when it overlaps an earlier row.
 */
export function timeRangeProblems(rows: readonly TimeOfDayRange[]): TimeRangeProblem[] {
  const out: TimeRangeProblem[] = [];
  rows.forEach((row, index) => {
    if (row.startTimeOfDay >= row.endTimeOfDay) {
      out.push({ index, field: 'endTimeOfDay', message: messages.timeOrder });
      return;
    }
    const clash = rows.some(
      (other, j) =>
        j < index &&
        other.startTimeOfDay < other.endTimeOfDay &&
        row.startTimeOfDay < other.endTimeOfDay &&
        other.startTimeOfDay < row.endTimeOfDay,
    );
    if (clash) out.push({ index, field: 'startTimeOfDay', message: messages.timeRangesOverlap });
  });
  return out;
}
