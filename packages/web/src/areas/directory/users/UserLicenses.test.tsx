import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { UserEdit } from './UserEdit';

const routes = [
  { path: '/directory/users', element: null },
  { path: '/directory/users/:id', element: <UserEdit /> },
];

const DAY = 86_400_000;
const license = (id: number, product: string, days: number, used = 0) => ({
  id,
  product,
  serial: `SN-${id}`,
  notAfter: new Date(Date.now() + days * DAY).toISOString(),
  validTill: Date.now() + days * DAY,
  used,
  limit: 2,
});

const stored = {
  id: 7,
  name: 'Jane',
  email: '',
  username: 'jane',
  extension: '',
  roles: [],
  device: null,
  license: [{ id: 1, prod: 'CALL_CENTER' }],
  devices: [],
  presence: { status: '', note: '' },
  profile: {},
  dnd: false,
  state: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const licenses = {
  items: [license(1, 'CALL_CENTER', 100, 1), license(2, 'CHAT', 100), license(3, 'EMAIL', -1)],
  next: false,
};
const manager = { ...ADMIN, permissions: [...ADMIN.permissions, 'manageUserLicense' as const] };

afterEach(() => vi.unstubAllGlobals());

const openTab = async () => {
  await userEvent.click(await screen.findByRole('tab', { name: 'Licence' }));
  return screen.findByRole('switch', { name: /Give CHAT/ });
};

describe('the user licence tab', () => {
  it('switches license ids in the user list and sends them with the save', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/users/7' && c.method === 'GET') return { body: stored };
      if (c.path === '/license') return { body: licenses };
      if (c.path === '/users/7' && c.method === 'PUT') return { body: stored };
      return undefined;
    });
    renderRoutes(routes, '/directory/users/7', manager);
    const chat = await openTab();
    expect(screen.getByRole('switch', { name: /Give CALL_CENTER/ })).toBeChecked();
    expect(chat).not.toBeChecked();
    // An expired license cannot be newly given.
    expect(screen.getByRole('switch', { name: /Give EMAIL/ })).toBeDisabled();
    await userEvent.click(chat);
    await userEvent.click(screen.getByRole('switch', { name: /Give CALL_CENTER/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('PUT', '/users/7')).toHaveLength(1));
    expect(api.of('PUT', '/users/7')[0]?.body).toMatchObject({ license: [2] });
  });

  it('shows the server refusal on the tab', async () => {
    const message = 'License 2 (CHAT) is used up: 2 of 2 assigned.';
    fakeApi((c) => {
      if (c.path === '/users/7' && c.method === 'GET') return { body: stored };
      if (c.path === '/license') return { body: licenses };
      if (c.method === 'PUT') {
        return {
          status: 400,
          body: {
            id: 'app.users.validation',
            code: 400,
            detail: `license: ${message}`,
            fields: [{ field: 'license', message }],
          },
        };
      }
      return undefined;
    });
    renderRoutes(routes, '/directory/users/7', manager);
    await userEvent.click(await openTab());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('leaves the switches off without manageUserLicense', async () => {
    fakeApi((c) => {
      if (c.path === '/users/7' && c.method === 'GET') return { body: stored };
      if (c.path === '/license') return { body: licenses };
      return undefined;
    });
    renderRoutes(routes, '/directory/users/7', ADMIN);
    expect(await openTab()).toBeDisabled();
    expect(screen.getByText('Giving and taking licenses needs the manageUserLicense permission.')).toBeInTheDocument();
  });
});
