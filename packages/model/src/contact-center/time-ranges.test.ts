import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { resourceGroups } from './resource-groups.js';
import { timeRangeProblems } from './time-ranges.js';

const r = (startTimeOfDay: number, endTimeOfDay: number) => ({ startTimeOfDay, endTimeOfDay });

describe('timeRangeProblems', () => {
  it('takes ranges in any order that touch but do not overlap', () => {
    expect(timeRangeProblems([r(720, 1080), r(540, 720), r(1080, 1200)])).toEqual([]);
  });

  it('names the end of a range that does not end after it starts', () => {
    expect(timeRangeProblems([r(540, 600), r(900, 900), r(1000, 960)])).toEqual([
      { index: 1, field: 'endTimeOfDay', message: messages.timeOrder },
      { index: 2, field: 'endTimeOfDay', message: messages.timeOrder },
    ]);
  });

  it('names the start of a later range overlapping an earlier one', () => {
    expect(timeRangeProblems([r(540, 720), r(800, 900), r(700, 810)])).toEqual([
      { index: 2, field: 'startTimeOfDay', message: messages.timeRangesOverlap },
    ]);
    // One range inside another overlaps too.
    expect(timeRangeProblems([r(0, 1440), r(600, 660)])).toEqual([
      { index: 1, field: 'startTimeOfDay', message: messages.timeRangesOverlap },
    ]);
  });

  it('gives a new group one range of 09:00 to 20:00 and refuses an empty list', () => {
    const fresh = resourceGroups.input.parse({ name: 'g', communication: { id: 1 } });
    expect(fresh.time).toEqual([r(540, 1200)]);
    const empty = resourceGroups.input.safeParse({ name: 'g', communication: { id: 1 }, time: [] });
    expect(empty.error?.issues[0]).toMatchObject({ path: ['time'], message: messages.requiredArray });
  });
});
