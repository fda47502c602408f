import { describe, expect, it } from 'vitest';
import { checkDevice, deviceFromItem, deviceToInput, emptyDevice } from './values';

describe('device form values', () => {
  it('sends variables as a map and leaves an empty password out', () => {
    const values = { ...emptyDevice(false)(), name: 'Desk', account: 'desk-1', vars: [{ key: ' line ', value: '1' }] };
    expect(deviceToInput(values)).toEqual({
      name: 'Desk',
      account: 'desk-1',
      user: null,
      phone: '',
      ip: '',
      brand: '',
      model: '',
      mac: '',
      vars: { line: '1' },
      hotdesk: false,
      hotdesks: [],
    });
    expect(deviceToInput({ ...values, password: 'p' })).toMatchObject({ password: 'p' });
  });

  it('sends no account for a hotdesk device: the server generates it', () => {
    const values = { ...emptyDevice(true)(), name: 'Hot', account: 'hot-abc1234', hotdesks: ['pc-1'] };
    const input = deviceToInput(values);
    expect(input).not.toHaveProperty('account');
    expect(input).toMatchObject({ hotdesk: true, hotdesks: ['pc-1'] });
  });

  it('asks for the account unless hotdesk, and for both key and value of each variable', () => {
    expect(checkDevice({ ...emptyDevice(false)(), name: 'x' })).toEqual([
      { field: 'account', message: 'This field is required' },
    ]);
    expect(checkDevice({ ...emptyDevice(true)(), name: 'x' })).toEqual([]);
    expect(checkDevice({ ...emptyDevice(true)(), vars: [{ key: '', value: '' }] })).toEqual([
      { field: 'vars.0.key', message: 'This field is required' },
      { field: 'vars.0.value', message: 'This field is required' },
    ]);
  });

  it('reads an item, never holding a password', () => {
    const values = deviceFromItem({
      id: 3,
      name: 'Desk',
      account: 'd-3',
      user: { id: 2, name: 'Ann' },
      vars: { a: 'b' },
      hotdesk: true,
      hotdesks: ['pc'],
      state: 1,
    });
    expect(values).toMatchObject({ name: 'Desk', account: 'd-3', password: '', user: { id: 2, name: 'Ann' } });
    expect(values.vars).toEqual([{ key: 'a', value: 'b' }]);
    expect(values.hotdesks).toEqual(['pc']);
  });
});
