import { describe, expect, it } from 'vitest';
import { withMode } from './ModeCells';

describe('withMode', () => {
  it('changes one right and keeps the letters of the others', () => {
    expect(withMode('rrxw', 'w', 3)).toBe('rrxww');
    expect(withMode('rrxw', 'r', 1)).toBe('xw');
    expect(withMode('', 'd', 2)).toBe('d');
  });

  it('leaves an empty set when the last right is forbidden (the grantee is then removed)', () => {
    expect(withMode('r', 'r', 1)).toBe('');
  });
});
