import { describe, expect, it } from 'vitest';
import { appMode, sectionMode, withAppMode, withSectionMode } from './values';

describe('role access values', () => {
  it('treats an application the role does not name as forbidden', () => {
    expect(appMode({}, 'agent')).toBe(1);
    expect(appMode({ agent: { access: 3 } }, 'agent')).toBe(3);
  });

  it('lets a section without its own mode follow the application', () => {
    const access = { admin: { access: 2 as const, sections: { users: 3 as const } } };
    expect(sectionMode(access, 'admin', 'users')).toBe(3);
    expect(sectionMode(access, 'admin', 'devices')).toBe(2);
  });

  it('changes one application or section, keeping the rest', () => {
    const start = withAppMode({ agent: { access: 2 } }, 'admin', 3);
    expect(start).toEqual({ agent: { access: 2 }, admin: { access: 3 } });
    const next = withSectionMode(start, 'admin', 'roles', 1);
    expect(next.admin).toEqual({ access: 3, sections: { roles: 1 } });
    expect(withSectionMode({}, 'admin', 'users', 2).admin).toEqual({ access: 1, sections: { users: 2 } });
  });
});
