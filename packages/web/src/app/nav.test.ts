import { describe, expect, it } from 'vitest';
import { visibleNavigation } from './nav';
import { testUser } from './test-utils';

const keys = (user: Parameters<typeof visibleNavigation>[0]) =>
  visibleNavigation(user).map((s) => `${s.area}: ${s.entries.map((e) => e.key).join(',')}`);

describe('visibleNavigation', () => {
  it('shows a device reader only devices and the always-shown entries', () => {
    expect(keys(testUser({ devices: 'r' }))).toEqual([
      'directory: license,devices',
      'routing: flow',
      'lookups: skills,communications',
    ]);
  });

  it('hides entries of a class held without read', () => {
    const nav = keys(testUser({ devices: 'xwd', users: 'r' }));
    expect(nav[0]).toBe('directory: license,users');
  });

  it('shows permissions for roles readers and change logs only with systemSetting', () => {
    const user = testUser({ roles: 'r' }, { permissions: ['systemSetting'] });
    const nav = keys(user);
    expect(nav).toContain('permissions: roles,objects');
    expect(nav).toContain('system: changelogs');
    expect(keys(testUser({ roles: 'r' }))).not.toContain('system: changelogs');
  });

  it('shows objects only with the objects permission, whatever the roles class allows', () => {
    expect(keys(testUser({ roles: 'rxwd' }))).toContain('permissions: roles');
    expect(keys(testUser({}, { permissions: ['systemSetting'] }))).toContain('permissions: objects');
  });

  it('shows every section to a user holding the global read permission', () => {
    const all = visibleNavigation(testUser({}, { permissions: ['read', 'systemSetting'] }));
    expect(all.map((s) => s.area)).toEqual([
      'directory',
      'routing',
      'lookups',
      'contact-center',
      'integrations',
      'permissions',
      'system',
    ]);
  });
});
