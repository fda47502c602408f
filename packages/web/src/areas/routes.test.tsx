import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, testUser } from '../app/test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('admin area routes', () => {
  it('sends a user who may read but not create users from /directory/users/new to the 403 page', async () => {
    mockFetch(() => ({ body: { items: [], next: false } }));
    const { router } = renderApp('/directory/users/new', { user: testUser({ users: 'rw' }) });
    // The first screen of a file loads its lazy modules, which takes long on a busy machine.
    expect(
      await screen.findByText('Sorry, you have not enough privileges to see this page.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });

  it('opens the creation form for a user holding the create right', async () => {
    mockFetch(() => ({ body: { items: [], next: false } }));
    renderApp('/directory/users/new', { user: testUser({ users: 'rx' }) });
    await new Promise((r) => setTimeout(r, 3000));
    {
      const c = document.body.cloneNode(true) as HTMLElement;
      for (const s of c.querySelectorAll('style')) s.remove();
      console.log('TEXT', c.textContent);
    }
    expect(await screen.findByRole('heading', { name: 'New user' }, { timeout: 20000 })).toBeInTheDocument();
  });

  it('denies /permissions/roles/new without the create right on roles', async () => {
    mockFetch(() => ({ body: { items: [], next: false } }));
    const { router } = renderApp('/permissions/roles/new', { user: testUser({ roles: 'rwd' }) });
    expect(await screen.findByText('Sorry, you have not enough privileges to see this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-denied');
  });
});
