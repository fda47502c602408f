import { MantineProvider } from '@mantine/core';
import type { UserInfo } from '@switchboard/model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../app/session';
import '../i18n';

/** `form` is a multipart body (an upload), `body` a JSON one. */
export type Call = { method: string; path: string; query: URLSearchParams; body: unknown; form?: FormData };
export type Reply = { status?: number; body?: unknown };
/** A handler may answer later (a promise), to hold a request while the test acts. */
type Handler = (call: Call) => Reply | undefined | Promise<Reply | undefined>;

/**
 * Replaces fetch with a small fake API: every request is recorded and answered by `handler`
 * (404 when it has no answer), so a test asserts on the real requests the screens send.
 */
export function fakeApi(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init?.body instanceof FormData ? init.body : undefined,
    };
    calls.push(call);
    const reply = (await handler(call)) ?? {
      status: 404,
      body: { id: 'app.not_found', code: 404, detail: 'Not found' },
    };
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** A user whose global permissions pass every class check. */
export const ADMIN: UserInfo = {
  userId: 1,
  name: 'Admin',
  username: 'admin',
  domain: 'main',
  domainId: 1,
  scope: [],
  roles: [],
  permissions: ['add', 'read', 'write', 'delete'],
  access: {},
  license: [],
};

/** Renders routes in a memory data router (useBlocker needs one) with the console's providers. */
export function renderRoutes(routes: RouteObject[], url: string, user: UserInfo | null = ADMIN) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <SessionProvider initialUser={user}>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(wrap(<RouterProvider router={router} />));
  return { ...view, router };
}
