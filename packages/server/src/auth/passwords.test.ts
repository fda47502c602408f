import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PasswordHashCost } from '../config.js';
import { hashPassword, setPasswordHashCost, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  // The cost is the process's: the servers of the other suites in this worker keep theirs.
  let before: PasswordHashCost;
  beforeEach(() => {
    before = setPasswordHashCost({ memoryKiB: 19_456, passes: 2 });
  });
  afterEach(() => {
    setPasswordHashCost(before);
  });

  it('are argon2id at the configured cost, and a hash keeps its own cost when the setting changes', async () => {
    const strong = await hashPassword('Correct-horse-1');
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    setPasswordHashCost({ memoryKiB: 64, passes: 1 });
    const light = await hashPassword('Correct-horse-1');
    expect(light).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(strong, 'Correct-horse-1')).toBe(true);
    expect(await verifyPassword(light, 'Correct-horse-1')).toBe(true);
    expect(await verifyPassword(strong, 'Correct-horse-2')).toBe(false);
  });
});
