import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, testUser } from '../app/test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('admin area routes', () => {
  it('sends a user who may read but not create users from /directory/users/new to the 403 page', async () => {
    mockFetch(() => ({ body: { items: [], next: false } }));
    const { router } = renderApp('/directory/users/new', { user: testUser({ users: 'rw' }) });
    // The first test of the file pays the cold load of the area screens.
    expect(await screen.findByText('Sorry, you have not enough privileges to see this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('opens the creation form for a user holding the create right', async () => {
    mockFetch(() => ({ body: { items: [], next: false } }));
    renderApp('/directory/users/new', { user: testUser({ users: 'rx' }) });
    expect(await screen.findByRole('heading', { name: 'New user' })).toBeInTheDocument();
  });

  it('denies /permissions/roles/new without the create right on roles', async () => {
    mockFetch(() => ({ body: { items: [], next: false } }));
    const { router } = renderApp('/permissions/roles/new', { user: testUser({ roles: 'rwd' }) });
    expect(await screen.findByText('Sorry, you have not enough privileges to see this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('serves a resource with no screens of its own through the generic list and editor', async () => {
    const north = { id: 7, name: 'North', timezone: { name: 'UTC' }, description: 'cold' };
    const api = mockFetch((_method, url) =>
      url.pathname === '/api/regions/7' ? { body: north } : { body: { items: [north], next: false } },
    );
    const { router } = renderApp('/lookups/regions', { user: testUser({ lookups: 'r' }) });
    expect(await screen.findByRole('heading', { name: 'Regions' })).toBeInTheDocument();
    expect(await screen.findByText('cold')).toBeInTheDocument();
    expect(screen.getByText('UTC (+00:00)')).toBeInTheDocument();
    // Read-only: no Add, and the editor opens without Save.
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    await router.navigate('/lookups/regions/7');
    expect(await screen.findByRole('heading', { name: 'North' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/regions/7')).toBe(true);
  });

  it('denies /lookups/regions/new without the create right on lookups and opens it with it', async () => {
    mockFetch(() => ({ body: { items: [], next: false } }));
    const { router } = renderApp('/lookups/regions/new', { user: testUser({ lookups: 'r' }) });
    expect(await screen.findByText('Sorry, you have not enough privileges to see this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
    cleanup();
    renderApp('/lookups/regions/new', { user: testUser({ lookups: 'rx' }) });
    expect(await screen.findByRole('heading', { name: 'New region' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('shows the not-found page for a malformed id without asking the API, and for an unknown one', async () => {
    const api = mockFetch((_method, url) =>
      url.pathname === '/api/regions/4040'
        ? {
            status: 404,
            body: { id: 'app.regions.not_found', code: 404, status: 'Not Found', detail: 'No such region' },
          }
        : { body: { items: [], next: false } },
    );
    renderApp('/lookups/regions/abc', { user: testUser({ lookups: 'r' }) });
    expect(await screen.findByText("Sorry, we can't find the page you want.")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/regions/'))).toBe(false);
    cleanup();
    renderApp('/lookups/regions/4040', { user: testUser({ lookups: 'r' }) });
    expect(await screen.findByText("Sorry, we can't find the page you want.")).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/regions/4040')).toBe(true);
    cleanup();
    renderApp('/lookups/blacklist/7x/new', { user: testUser({ cc_list: 'rw' }) });
    expect(await screen.findByText("Sorry, we can't find the page you want.")).toBeInTheDocument();
  });

  it('opens a new blacklist number for a role with rw on blacklists, as the server allows', async () => {
    mockFetch(() => ({ body: { items: [], next: false } }));
    const { router } = renderApp('/lookups/blacklist/7/new', { user: testUser({ cc_list: 'rw' }) });
    expect(await screen.findByRole('heading', { name: 'New number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lookups/blacklist/7/new');
    cleanup();
    const denied = renderApp('/lookups/blacklist/7/new', { user: testUser({ cc_list: 'r' }) });
    await waitFor(() => expect(denied.router.state.location.pathname).toBe('/access-denied'));
  });
});
