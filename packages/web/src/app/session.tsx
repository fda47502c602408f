import type { Right, UserInfo } from '@switchboard/model';
import { ALWAYS_FULL_ACCESS, scopeAllows } from '@switchboard/model';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import { api, getToken, setToken } from './api';

/**
 * The signed-in user lives in a tiny store outside React, so the HTTP client's 401 hook (set up
 * before the router mounts) can clear it, and every component re-renders on the change.
 */
export type SessionStore = {
  get(): UserInfo | null;
  set(user: UserInfo | null): void;
  subscribe(listener: () => void): () => void;
};

export function createSessionStore(initial: UserInfo | null = null): SessionStore {
  let user = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => user,
    set(next) {
      user = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Loads the session of the stored token; null without a token or when the call fails. */
export async function loadUserInfo(): Promise<UserInfo | null> {
  if (!getToken()) return null;
  try {
    return await api.get<UserInfo>('/userinfo', { silent: true });
  } catch {
    return null;
  }
}

export type Session = {
  user: UserInfo | null;
  can(cls: string | null, right: Right): boolean;
  refresh(): Promise<void>;
  signOut(): Promise<void>;
};

/** May a user hold a right on a class? Classes without a class (null) and the always-full ones pass. */
export function userCan(user: UserInfo | null, cls: string | null, right: Right): boolean {
  if (cls === null) return true;
  if ((ALWAYS_FULL_ACCESS as readonly string[]).includes(cls)) return true;
  if (!user) return false;
  return scopeAllows(user.scope, user.permissions, cls, right);
}

const SessionContext = createContext<SessionStore | null>(null);

type ProviderProps = { children: ReactNode; store?: SessionStore; initialUser?: UserInfo | null };

export function SessionProvider({ children, store, initialUser = null }: ProviderProps) {
  const [own] = useState(() => store ?? createSessionStore(initialUser));
  return <SessionContext.Provider value={store ?? own}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession needs a SessionProvider');
  const user = useSyncExternalStore(store.subscribe, store.get, store.get);
  const can = useCallback((cls: string | null, right: Right) => userCan(user, cls, right), [user]);
  const refresh = useCallback(async () => store.set(await loadUserInfo()), [store]);
  const signOut = useCallback(async () => {
    try {
      if (getToken()) await api.post('/logout', {}, { silent: true });
    } catch {
      // The token is dropped locally whatever the server answers.
    } finally {
      setToken(null);
      store.set(null);
    }
  }, [store]);
  return useMemo(() => ({ user, can, refresh, signOut }), [user, can, refresh, signOut]);
}
