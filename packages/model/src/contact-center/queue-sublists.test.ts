import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { queueSkillProblems, queueSubLists } from './queue-sublists.js';
import { QUEUE_TYPES } from './queues.js';

describe('queue sub-list tabs by type', () => {
  it('follows REFERENCE "Queue types": extra tabs, then hooks and logs on every type', () => {
    expect(queueSubLists(0)).toEqual(['agents', 'skills', 'resources', 'buckets', 'hooks', 'logs']);
    expect(queueSubLists(1)).toEqual(['agents', 'skills', 'hooks', 'logs']);
    expect(queueSubLists(2)).toEqual(['resources', 'buckets', 'hooks', 'logs']);
    for (const code of [3, 4, 5]) {
      expect(queueSubLists(code)).toEqual(['agents', 'skills', 'resources', 'buckets', 'hooks', 'logs']);
    }
    expect(queueSubLists(6)).toEqual(['agents', 'skills', 'hooks', 'logs']);
    expect(queueSubLists(7)).toEqual(['agents', 'skills', 'buckets', 'hooks', 'logs']);
    expect(queueSubLists(8)).toEqual(['buckets', 'hooks', 'logs']);
    for (const { code } of QUEUE_TYPES) expect(queueSubLists(code).slice(-2)).toEqual(['hooks', 'logs']);
  });
});

describe('queue skill capacity range', () => {
  it('puts the error on both fields when the minimum is over the maximum', () => {
    expect(queueSkillProblems({ minCapacity: 11, maxCapacity: 10 })).toEqual([
      { field: 'minCapacity', message: messages.skillCapacityMin },
      { field: 'maxCapacity', message: messages.skillCapacityMax },
    ]);
  });
  it('takes equal ends, and leaves missing or non-numeric values to the schema', () => {
    expect(queueSkillProblems({ minCapacity: 10, maxCapacity: 10 })).toEqual([]);
    expect(queueSkillProblems({ minCapacity: 0, maxCapacity: 100 })).toEqual([]);
    expect(queueSkillProblems({ minCapacity: 50 })).toEqual([]);
    expect(queueSkillProblems({ minCapacity: '50', maxCapacity: 10 })).toEqual([]);
  });
});
