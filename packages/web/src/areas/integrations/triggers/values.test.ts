import { triggers } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { checkTrigger, emptyTrigger, triggerFromItem, triggerToInput } from './values';

describe('trigger form values', () => {
  it('start from the spec defaults and pass the schema once named and given a flow', () => {
    const values = {
      ...emptyTrigger(),
      name: 'Nightly',
      schema: { id: 3, name: 'Clean-up' },
      timezone: { name: 'UTC' },
    };
    expect(values).toMatchObject({ type: 'cron', timeout: 60, expression: '0 */1 12 * * *', enabled: true });
    const parsed = triggers.input.parse(triggerToInput(values));
    expect(parsed).toMatchObject({ schema: { id: 3 }, variables: {}, timezone: { name: 'UTC' } });
  });

  it('send variables as a map, skipping rows without a key, and read them back as rows', () => {
    const values = {
      ...emptyTrigger(),
      variables: [
        { key: ' a ', value: '1' },
        { key: '', value: '' },
        { key: 'b', value: '' },
      ],
    };
    expect(triggerToInput(values).variables).toEqual({ a: '1', b: '' });
    expect(checkTrigger(values)).toEqual([]);
    expect(checkTrigger({ ...values, variables: [{ key: ' ', value: 'x' }] })).toEqual([
      { field: 'variables.0.key', message: 'This field is required' },
    ]);
    expect(triggerFromItem({ name: 'T', variables: { x: 'y' }, timeout: 0 })).toMatchObject({
      variables: [{ key: 'x', value: 'y' }],
      timeout: 0,
    });
  });
});
