import { describe, expect, it } from 'vitest';
import { checkSipGateway, emptySipGateway, sipGatewayFromItem, sipGatewayToInput } from './values';

describe('SIP gateway form values', () => {
  it('starts a new gateway enabled with expires 600 in its variant', () => {
    expect(emptySipGateway(true)).toMatchObject({ register: true, enable: true, expires: 600 });
    expect(emptySipGateway(false).register).toBe(false);
  });

  it('leaves an empty password out and wants one only while none is stored', () => {
    const values = sipGatewayFromItem({
      id: 1,
      name: 'gw',
      register: true,
      account: 'a@b.example',
      proxy: 'b.example',
      passwordSet: true,
      expires: 120,
    });
    expect(sipGatewayToInput(values)).not.toHaveProperty('password');
    expect(sipGatewayToInput(values)).not.toHaveProperty('passwordSet');
    expect(checkSipGateway(values)).toEqual([]);
    expect(checkSipGateway({ ...values, passwordSet: false }).map((e) => e.field)).toEqual(['password']);
    expect(sipGatewayToInput({ ...values, password: 'x' }).password).toBe('x');
  });
});
