import { describe, expect, it } from 'vitest';
import { agents, devices, teams, users } from './index.js';
import { named } from './resource.js';

describe('references by name', () => {
  it('resolve to the definitions that name each other without importing them', () => {
    expect(users.refs?.device?.to()).toBe(devices);
    expect(users.refs?.devices?.to()).toBe(devices);
    expect(teams.refs?.admin?.to()).toBe(agents);
  });

  it('refuse a name no resource has', () => {
    expect(() => named('nothing-of-that-name')()).toThrow(/no resource named nothing-of-that-name/);
  });
});
