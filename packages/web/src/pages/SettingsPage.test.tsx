import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp } from '../app/test-utils';

vi.mock('../areas/routes', () => ({ adminRoutes: [] }));

describe('SettingsPage', () => {
  it('shows "Incorrect password" under the confirmation and sends nothing when they differ', async () => {
    const { calls } = mockFetch((_m, url) => (url.pathname === '/api/user/settings/phone' ? { body: {} } : undefined));
    renderApp('/settings');
    // The first screen of a file loads its lazy modules, which takes long on a busy machine.
    await userEvent.type(await screen.findByLabelText('Current password'), 'old');
    await userEvent.type(screen.getByLabelText('New password'), 'first');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'second');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('sends the current and the new password when the confirmation matches', async () => {
    const { calls } = mockFetch((method, url) => {
      if (url.pathname === '/api/user/settings/phone') return { body: {} };
      if (method === 'PUT' && url.pathname === '/api/users/password') return { status: 204 };
    });
    renderApp('/settings');
    await userEvent.type(await screen.findByLabelText('Current password'), 'old');
    await userEvent.type(screen.getByLabelText('New password'), 'fresh-one');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'fresh-one');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/users/password')?.body).toEqual({
        currentPassword: 'old',
        password: 'fresh-one',
      }),
    );
    expect(screen.queryByText('Incorrect password')).toBeNull();
  });

  it('enables STUN only while WebPhone is on and saves both', async () => {
    const { calls } = mockFetch((method, url) => {
      if (url.pathname !== '/api/user/settings/phone') return undefined;
      if (method === 'GET') return { body: { webrtc: false, stun: false } };
      return { body: {} };
    });
    renderApp('/settings');
    // The switch's label wraps its hint, so the accessible name starts with the label.
    const stun = await screen.findByRole('switch', { name: /^Use STUN/ });
    expect(stun).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Use WebPhone' }));
    expect(stun).toBeEnabled();
    await userEvent.click(stun);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ webrtc: true, stun: true }));
    await userEvent.click(screen.getByRole('switch', { name: 'Use WebPhone' }));
    expect(stun).toBeDisabled();
    expect(stun).not.toBeChecked();
  });

  it('switches the language and remembers it under "lang"', async () => {
    mockFetch(() => ({ body: {} }));
    renderApp('/settings');
    await userEvent.click(await screen.findByText('Русский'));
    expect(await screen.findByRole('heading', { name: 'Настройки' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('ru');
    await userEvent.click(screen.getByText('English'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });
});
