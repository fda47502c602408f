import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COLLAPSED_KEY } from './AdminLayout';
import { renderApp, testUser } from './test-utils';

vi.mock('../areas/routes', async () => {
  const { createElement } = await import('react');
  return {
    adminRoutes: [{ path: 'directory/devices', element: createElement('h1', null, 'devices screen') }],
  };
});

const user = () => testUser({ users: 'r', devices: 'r', roles: 'r' });

describe('AdminLayout', () => {
  it('names the screen in the browser tab', async () => {
    renderApp('/directory/devices', { user: user() });
    await screen.findByRole('heading', { name: 'devices screen' });
    await waitFor(() => expect(document.title).toBe('Devices · Switchboard'));
  });

  it('names the screen under an entry too, and the start page by its own name', async () => {
    const { router } = renderApp('/directory/devices/12', { user: user() });
    await waitFor(() => expect(document.title).toBe('Devices · Switchboard'));
    await router.navigate('/start');
    await waitFor(() => expect(document.title).toBe('Start · Switchboard'));
  });

  it('folds a section on a click and keeps it folded after a reload', async () => {
    const first = renderApp('/start', { user: user() });
    const nav = await screen.findByTestId('admin-nav');
    const section = within(nav).getByRole('button', { name: 'Permissions' });
    expect(section).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(section);
    expect(section).toHaveAttribute('aria-expanded', 'false');
    expect(JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]')).toEqual(['permissions']);
    first.unmount();

    renderApp('/start', { user: user() });
    const again = within(await screen.findByTestId('admin-nav')).getByRole('button', { name: 'Permissions' });
    expect(again).toHaveAttribute('aria-expanded', 'false');
    expect(within(await screen.findByTestId('admin-nav')).getByRole('button', { name: 'Directory' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('unfolds the section of the screen opened, so its entry shows as the current page', async () => {
    localStorage.setItem(COLLAPSED_KEY, JSON.stringify(['directory', 'permissions']));
    renderApp('/directory/devices', { user: user() });
    const nav = await screen.findByTestId('admin-nav');
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Directory' })).toHaveAttribute('aria-expanded', 'true'),
    );
    expect(within(nav).getByRole('button', { name: 'Permissions' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers a skip link to the screen first', async () => {
    renderApp('/directory/devices', { user: user() });
    await screen.findByRole('heading', { name: 'devices screen' });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    const target = document.getElementById(skip.getAttribute('href')?.slice(1) ?? '');
    expect(target?.tagName).toBe('MAIN');
    expect(target).toContainElement(screen.getByRole('heading', { name: 'devices screen' }));
  });
});
