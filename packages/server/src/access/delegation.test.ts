import { grantsToBits } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { changedRights, unmanaged } from './delegation.js';

describe('delegation rules', () => {
  it('names the rights whose mode changes', () => {
    expect(changedRights(grantsToBits('r'), grantsToBits('rw'))).toEqual(['w']);
    expect(changedRights(grantsToBits('rr'), grantsToBits('r'))).toEqual(['r']);
    expect(changedRights(grantsToBits('rwd'), grantsToBits('rwd'))).toEqual([]);
    expect(changedRights(grantsToBits('rxwd'), 0)).toEqual(['r', 'x', 'w', 'd']);
  });

  it('lets a holder delegate only what it manages', () => {
    const held = grantsToBits('rrwd');
    expect(unmanaged(held, ['r'])).toEqual([]);
    expect(unmanaged(held, ['r', 'w', 'd'])).toEqual(['w', 'd']);
  });
});
