import type { UserInfo } from '@switchboard/model';
import { TOKEN_STORAGE_KEY } from '@switchboard/model';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ApiFailure, configureApi } from './api';
import type { AppConfig } from './config';
import { Providers } from './Providers';
import { appRoutes } from './routes';
import { createSessionStore } from './session';

/** A user for tests: full rights on the given classes (obac on), nothing else. */
export function testUser(classes: Record<string, string> = {}, extra: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 1,
    name: 'Test User',
    username: 'tester',
    domain: 'example',
    domainId: 1,
    scope: Object.entries(classes).map(([cls, access]) => ({ class: cls, access, obac: true, rbac: false })),
    roles: [{ id: 1, name: 'tester' }],
    permissions: [],
    access: { admin: { access: 2 } },
    license: [],
    ...extra,
  };
}

type Reply = { status?: number; body?: unknown };
export type FetchRoute = (method: string, url: URL, body: unknown) => Reply | undefined;

/** Replaces fetch: each call goes to `route`, which answers a status and a JSON body (404 if none). */
export function mockFetch(route: FetchRoute) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    const reply = route(method, url, body) ?? {
      status: 404,
      body: { id: 'test.not_found', code: 404, detail: 'no mock' },
    };
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

type Options = { user?: UserInfo | null; token?: boolean; config?: AppConfig };

/**
 * Renders the whole console at a path in a memory router, wired like main.tsx: a 401 drops the
 * session and goes to /auth; other errors are collected in `errors`. The area screens are the real
 * ones unless the test mocks '../areas/routes'.
 */
export function renderApp(path: string, { user = testUser(), token = true, config }: Options = {}) {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, 'test-token');
  const store = createSessionStore(user);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const errors: ApiFailure[] = [];
  configureApi('/api', {
    onUnauthorized: () => {
      store.set(null);
      if (router.state.location.pathname !== '/auth') router.navigate('/auth');
    },
    onError: (failure) => errors.push(failure),
  });
  const view = render(
    <Providers config={config} store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, store, errors };
}

/** Renders one component with the console's providers and a router, for screen tests. */
export function renderWithProviders(ui: ReactElement, { user = testUser(), path = '/' } = {}) {
  const store = createSessionStore(user);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <Providers store={store}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, store };
}

export { ApiFailure };
