import { users } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { checkUser, emptyUser, userFromItem, userToInput } from './values';

describe('user form values', () => {
  it('sends variables as the map profile and leaves an empty password out', () => {
    const input = userToInput({
      ...emptyUser(),
      username: 'jane',
      profile: [
        { key: ' team ', value: 'blue' },
        { key: 'floor', value: '3' },
      ],
    });
    expect(input.profile).toEqual({ team: 'blue', floor: '3' });
    expect('password' in input).toBe(false);
    expect(users.input.safeParse(input).success).toBe(true);
    expect(userToInput({ ...emptyUser(), password: 'x' }).password).toBe('x');
  });

  it('asks for both the key and the value of every variable', () => {
    const errors = checkUser({
      ...emptyUser(),
      profile: [
        { key: 'ok', value: 'yes' },
        { key: '', value: 'v' },
        { key: 'k', value: '' },
      ],
    });
    expect(errors).toEqual([
      { field: 'profile.1.key', message: 'This field is required' },
      { field: 'profile.2.value', message: 'This field is required' },
    ]);
  });

  it('reads an item: licenses as ids, the profile map as rows', () => {
    const values = userFromItem({
      name: 'Jane',
      username: 'jane',
      license: [{ id: 4, prod: 'CALL_CENTER' }],
      profile: { team: 'blue' },
      roles: [{ id: 2, name: 'agents' }],
      device: null,
      dnd: true,
    });
    expect(values.license).toEqual([4]);
    expect(values.profile).toEqual([{ key: 'team', value: 'blue' }]);
    expect(values.roles).toEqual([{ id: 2, name: 'agents' }]);
    expect(values.password).toBe('');
    expect(values.dnd).toBe(true);
    expect(values.state).toBe(true);
  });

  it('keeps the active state: true for a new user, false only when the item says so, sent as state', () => {
    expect(emptyUser().state).toBe(true);
    expect(userFromItem({ username: 'jane', state: false }).state).toBe(false);
    expect(userFromItem({ username: 'jane', state: true }).state).toBe(true);
    const input = userToInput({ ...emptyUser(), username: 'jane', state: false });
    expect(input.state).toBe(false);
    expect(users.input.parse(input).state).toBe(false);
  });
});
