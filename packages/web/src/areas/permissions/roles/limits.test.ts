import type { UserInfo } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { roleLimits } from './limits';

const editor: UserInfo = {
  userId: 2,
  name: 'Editor',
  username: 'editor',
  domain: 'main',
  domainId: 1,
  scope: [
    { class: 'users', access: 'rxw', obac: true, rbac: false, manage: 'r' },
    { class: 'devices', access: '', obac: false, rbac: false, manage: '' },
  ],
  roles: [{ id: 4, name: 'editors' }],
  permissions: ['systemSetting'],
  access: { admin: { access: 2, sections: { users: 3 } } },
  license: [],
};
const stored = { permissions: ['manageUserRoles' as const], access: { admin: { access: 3 as const } } };

describe('roleLimits', () => {
  it('offers no right beyond the editor, unless the role holds it already', () => {
    const open = roleLimits(editor, stored, false);
    expect(open.permission('systemSetting', true)).toBe(true);
    expect(open.permission('eavesdropCall', true)).toBe(false);
    expect(open.permission('manageUserRoles', true)).toBe(true);
    // The application's manage is beyond the editor, yet the role has it: kept, or lowered.
    expect(open.access('admin', null, 3)).toBe(true);
    expect(open.access('admin', null, 1)).toBe(true);
    expect(open.access('agent', null, 2)).toBe(false);
    // A section goes as far as the editor's own section.
    expect(open.access('admin', 'users', 3)).toBe(true);
    expect(open.access('admin', 'devices', 3)).toBe(false);
    // Classes: allow where the scope allows (class checks off included), manage where it manages.
    expect(open.classMode('users', '', 'w', 2)).toBe(true);
    expect(open.classMode('users', '', 'd', 2)).toBe(false);
    expect(open.classMode('users', '', 'r', 3)).toBe(true);
    expect(open.classMode('users', '', 'w', 3)).toBe(false);
    expect(open.classMode('devices', '', 'd', 2)).toBe(true);
    expect(open.classMode('users', 'dd', 'd', 3)).toBe(true);
  });

  it("offers no reduction of a role kept whole (held, or the last administrator's)", () => {
    const kept = roleLimits(editor, stored, true);
    expect(kept.raiseOnly).toBe(true);
    expect(kept.permission('manageUserRoles', false)).toBe(false);
    expect(kept.permission('systemSetting', true)).toBe(true);
    expect(kept.access('admin', null, 2)).toBe(false);
    expect(kept.access('admin', null, 3)).toBe(true);
    // A section follows its application: set below it, it is a reduction.
    expect(kept.access('admin', 'users', 2)).toBe(false);
    expect(kept.classMode('users', 'rw', 'w', 1)).toBe(false);
    expect(kept.classMode('users', 'rw', 'x', 2)).toBe(true);
    // A new role has nothing to keep.
    expect(roleLimits(editor, null, true).raiseOnly).toBe(false);
  });
});
