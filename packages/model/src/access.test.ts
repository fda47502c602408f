import { describe, expect, it } from 'vitest';
import { bitsToGrants, grantsFromModes, grantsToBits, isGrantsString, modeOf, scopeAllows } from './access.js';

describe('grants letters', () => {
  it('reads forbidden, allow and manage per right', () => {
    expect(modeOf('rrw', 'r')).toBe(3);
    expect(modeOf('rrw', 'w')).toBe(2);
    expect(modeOf('rrw', 'd')).toBe(1);
  });

  it('round-trips through modes and bits', () => {
    const grants = grantsFromModes({ r: 3, x: 1, w: 2, d: 2 });
    expect(grants).toBe('rrwd');
    expect(bitsToGrants(grantsToBits(grants))).toBe('rrwd');
    expect(grantsToBits('')).toBe(0);
  });

  it('rejects strange letters and triples', () => {
    expect(isGrantsString('rxwd')).toBe(true);
    expect(isGrantsString('rrr')).toBe(false);
    expect(isGrantsString('q')).toBe(false);
  });
});

describe('scopeAllows', () => {
  const scope = [
    { class: 'devices', access: 'r', obac: true, rbac: false },
    { class: 'users', access: '', obac: false, rbac: false },
  ];
  it('checks the class letters when obac is on', () => {
    expect(scopeAllows(scope, [], 'devices', 'r')).toBe(true);
    expect(scopeAllows(scope, [], 'devices', 'w')).toBe(false);
  });
  it('lets everyone through when obac is off', () => {
    expect(scopeAllows(scope, [], 'users', 'd')).toBe(true);
  });
  it('honours the bypass permissions and refuses unknown classes', () => {
    expect(scopeAllows(scope, ['write'], 'devices', 'w')).toBe(true);
    expect(scopeAllows(scope, [], 'roles', 'r')).toBe(false);
  });
});
