import { describe, expect, it } from 'vitest';
import { flatten, stateDiff, valueText } from './diff';

describe('stateDiff', () => {
  it('shows only the fields an update changed, nested ones by their path', () => {
    const before = { id: 3, name: 'Desk', ip: '10.0.0.5', metadata: { access: { admin: 2 }, note: 'x' }, roles: [1] };
    const after = {
      id: 3,
      name: 'Desk 2',
      ip: '10.0.0.5',
      metadata: { access: { admin: 3 }, note: 'x' },
      roles: [1, 2],
    };
    expect(stateDiff(before, after)).toEqual([
      { path: 'name', before: 'Desk', after: 'Desk 2' },
      { path: 'metadata.access.admin', before: 2, after: 3 },
      { path: 'roles', before: [1], after: [1, 2] },
    ]);
  });

  it('names a field that appears or goes away', () => {
    expect(stateDiff({ a: 1 }, { a: 1, grants: { Agents: 'r' } })).toEqual([
      { path: 'grants.Agents', before: undefined, after: 'r' },
    ]);
    expect(stateDiff({ grants: { Agents: 'r' } }, { grants: {} })).toEqual([
      { path: 'grants.Agents', before: 'r', after: undefined },
      { path: 'grants', before: undefined, after: {} },
    ]);
  });

  it('shows the whole record of a create or a delete', () => {
    expect(stateDiff(null, { id: 1, name: 'New' })).toEqual([
      { path: 'id', before: undefined, after: 1 },
      { path: 'name', before: undefined, after: 'New' },
    ]);
    expect(stateDiff({ id: 1, name: 'Gone' }, null).map((r) => r.before)).toEqual([1, 'Gone']);
  });

  it('flattens nested objects and writes values as text', () => {
    expect([...flatten({ a: { b: { c: 1 } }, d: [1] })]).toEqual([
      ['a.b.c', 1],
      ['d', [1]],
    ]);
    expect([valueText(null), valueText('x'), valueText(false), valueText({ id: 1 })]).toEqual([
      '',
      'x',
      'false',
      '{"id":1}',
    ]);
  });
});
