import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { areaRoutes, unbuiltEntries } from './AreaScreens';
import { mockFetch, renderApp, testUser } from './test-utils';

// The area screens are another suite's: these tests stand one guarded screen in for them.
vi.mock('../areas/routes', async () => {
  const { createElement } = await import('react');
  const { RequireAccess } = await import('./RequireAccess');
  const element = createElement(RequireAccess, { cls: 'users', children: createElement('h1', null, 'users screen') });
  return { adminRoutes: [{ path: 'directory/users', element }] };
});

describe('routes', () => {
  it('sends a visitor without a token to /auth, keeping where they were going', async () => {
    const { router } = renderApp('/directory/users?page=2', { token: false, user: null });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/directory/users?page=2');
  });

  it('returns the user where they were going after signing in', async () => {
    const user = testUser({ users: 'r' });
    mockFetch((method, url) => {
      if (method === 'POST' && url.pathname === '/api/login')
        return { body: { accessToken: 'fresh', tokenType: 'Bearer', expiresAt: '2099-01-01T00:00:00Z' } };
      if (url.pathname === '/api/userinfo') return { body: user };
    });
    const { router } = renderApp('/directory/users', { token: false, user: null });
    await userEvent.type(await screen.findByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'users screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/directory/users');
    expect(localStorage.getItem('access-token')).toBe('fresh');
  });

  it('shows the 404 page with a go-home link on an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: "Looks like you're lost" })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we can't find the page you want.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('redirects /admin to /start', async () => {
    const { router } = renderApp('/admin', { user: testUser({ users: 'r' }) });
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/start');
  });

  it('shows the access-denied page for a screen the scope cannot read', async () => {
    const { router } = renderApp('/directory/users', { user: testUser({ devices: 'r' }) });
    expect(await screen.findByText('Sorry, you have not enough privileges to see this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    expect(screen.getByRole('link', { name: 'Go to home' })).toBeInTheDocument();
  });

  it('says a section is not available yet, inside the layout, when no screen exists', async () => {
    renderApp('/lookups/regions', { user: testUser({ lookups: 'r' }) });
    expect(await screen.findByRole('heading', { name: 'This section is not available yet' })).toBeInTheDocument();
    expect(screen.getByTestId('admin-nav')).toBeInTheDocument();
  });

  it('guards an unbuilt section by its class too', async () => {
    const { router } = renderApp('/lookups/regions', { user: testUser({ devices: 'r' }) });
    expect(await screen.findByText('Sorry, you have not enough privileges to see this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('lists as unbuilt only the entries without area routes', () => {
    const keys = unbuiltEntries([{ path: 'directory/users' }, { path: 'directory/users/:id' }]).map((e) => e.key);
    expect(keys).not.toContain('users');
    expect(keys).toContain('devices');
  });

  it('mounts area routes relative to their area, with placeholders and a 404 for the rest', () => {
    const paths = areaRoutes('directory', [{ path: 'directory/users' }, { path: 'routing/flow' }]).map((r) => r.path);
    expect(paths).toEqual(['users', 'license/*', 'devices/*', '*']);
  });

  it('shows the 404 page for an unknown path inside an area', async () => {
    renderApp('/directory/nothing-here', { user: testUser({ users: 'r' }) });
    expect(await screen.findByRole('heading', { name: "Looks like you're lost" })).toBeInTheDocument();
  });

  it('goes to /auth when any call answers 401, dropping the token', async () => {
    mockFetch(() => ({ status: 401, body: { id: 'app.auth.unauthorized', code: 401, detail: 'expired' } }));
    const { router } = renderApp('/settings', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(localStorage.getItem('access-token')).toBeNull();
  });

  it('scrolls to the top on navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderApp('/start', { user: testUser({ lookups: 'r' }) });
    await screen.findByRole('heading', { name: 'Administration' });
    scrollTo.mockClear();
    await router.navigate('/lookups/regions');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
