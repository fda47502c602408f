import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { getToken, setToken } from './api';
import { createSessionStore, SessionProvider, userCan, useSession } from './session';
import { mockFetch, testUser } from './test-utils';

describe('userCan', () => {
  const user = testUser({ devices: 'r', users: 'rxwd' });

  it('passes classless screens and the always-full classes', () => {
    expect(userCan(null, null, 'd')).toBe(true);
    for (const cls of ['flow', 'communications', 'skills']) expect(userCan(testUser(), cls, 'd')).toBe(true);
  });

  it('follows the scope letters of a class', () => {
    expect(userCan(user, 'devices', 'r')).toBe(true);
    expect(userCan(user, 'devices', 'w')).toBe(false);
    expect(userCan(user, 'users', 'd')).toBe(true);
    expect(userCan(user, 'roles', 'r')).toBe(false);
    expect(userCan(null, 'devices', 'r')).toBe(false);
  });

  it('lets a global permission bypass the class', () => {
    expect(userCan(testUser({}, { permissions: ['read'] }), 'roles', 'r')).toBe(true);
    expect(userCan(testUser({}, { permissions: ['read'] }), 'roles', 'w')).toBe(false);
  });

  it('treats a class with obac off as open', () => {
    const open = testUser({}, { scope: [{ class: 'cc_team', access: '', obac: false, rbac: false }] });
    expect(userCan(open, 'cc_team', 'w')).toBe(true);
  });
});

describe('useSession', () => {
  it('refreshes from /userinfo and signs out through /logout', async () => {
    const fresh = testUser({ roles: 'r' }, { name: 'Fresh' });
    const { calls } = mockFetch((_method, url) => {
      if (url.pathname === '/api/userinfo') return { body: fresh };
      if (url.pathname === '/api/logout') return { status: 204 };
    });
    setToken('abc');
    const store = createSessionStore(null);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider store={store}>{children}</SessionProvider>
    );
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.user).toBeNull();
    await act(() => result.current.refresh());
    expect(result.current.user?.name).toBe('Fresh');
    expect(result.current.can('roles', 'r')).toBe(true);
    expect(result.current.can('roles', 'w')).toBe(false);
    await act(() => result.current.signOut());
    expect(result.current.user).toBeNull();
    expect(getToken()).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/userinfo', 'POST /api/logout']);
  });
});
