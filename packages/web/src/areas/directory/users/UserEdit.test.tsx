import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { UserEdit } from './UserEdit';

const routes = [
  { path: '/directory/users', element: null },
  { path: '/directory/users/:id', element: <UserEdit /> },
];

const stored = {
  id: 7,
  name: 'Jane',
  email: '',
  username: 'jane',
  extension: '',
  roles: [],
  device: null,
  license: [],
  devices: [],
  presence: { status: '', note: '' },
  profile: {},
  dnd: false,
  state: true,
};

afterEach(() => vi.unstubAllGlobals());

describe('UserEdit', () => {
  it('shows the Active switch on the General tab and sends state false once it is turned off', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/users/7' && c.method === 'GET') return { body: stored };
      if (c.path === '/users/7' && c.method === 'PUT') return { body: { ...stored, ...(c.body as object) } };
      return undefined;
    });
    renderRoutes(routes, '/directory/users/7');
    const active = await screen.findByRole('switch', { name: /^Active/ });
    expect(active).toBeChecked();
    await userEvent.click(active);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('PUT', '/users/7')).toHaveLength(1));
    expect(api.of('PUT', '/users/7')[0]?.body).toMatchObject({ username: 'jane', state: false });
  });

  it('offers no deactivation of a user the server marks protected, but does of one not marked', async () => {
    fakeApi((c) => {
      if (c.path === '/users/7' && c.method === 'GET') return { body: { ...stored, protected: true } };
      if (c.path === '/users/8' && c.method === 'GET') return { body: { ...stored, id: 8, protected: false } };
      return undefined;
    });
    const view = renderRoutes(routes, '/directory/users/7');
    const locked = await screen.findByRole('switch', { name: /^Active/ });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    expect(screen.getByText(/You cannot deactivate or delete this user/)).toBeInTheDocument();
    view.unmount();
    renderRoutes(routes, '/directory/users/8');
    const free = await screen.findByRole('switch', { name: /^Active/ });
    await waitFor(() => expect(free).toBeEnabled());
    expect(screen.queryByText(/You cannot deactivate or delete this user/)).not.toBeInTheDocument();
  });

  it('puts the refusal to deactivate oneself under the switch', async () => {
    fakeApi((c) => {
      if (c.path === '/users/7' && c.method === 'GET') return { body: stored };
      if (c.method === 'PUT')
        return {
          status: 400,
          body: {
            id: 'app.users.deactivate_self',
            code: 400,
            detail: 'You cannot deactivate your own user.',
            fields: [{ field: 'state', message: 'You cannot deactivate your own user.' }],
          },
        };
      return undefined;
    });
    renderRoutes(routes, '/directory/users/7');
    const active = await screen.findByRole('switch', { name: /^Active/ });
    await userEvent.click(active);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findAllByText('You cannot deactivate your own user.');
    // The message belongs to the switch: it sits inside the switch's own block.
    const block = active.closest('.mantine-Switch-root') as HTMLElement;
    expect(within(block).getByText('You cannot deactivate your own user.')).toBeInTheDocument();
  });
});
