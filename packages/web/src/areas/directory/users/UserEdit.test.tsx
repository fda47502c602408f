import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
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

  it('offers no rename, password, deactivation or role removal of a user holding rights one lacks', async () => {
    const boss = { ...stored, roles: [{ id: 1, name: 'admin' }], protected: true, protectedBy: 'stronger' };
    const api = fakeApi((c) => {
      if (c.path === '/users/7' && c.method === 'GET') return { body: boss };
      if (c.path === '/users/7' && c.method === 'PUT') return { body: { ...boss, ...(c.body as object) } };
      if (c.path === '/roles')
        return {
          body: {
            items: [
              { id: 1, name: 'admin' },
              { id: 2, name: 'clerks' },
            ],
            next: false,
          },
        };
      return undefined;
    });
    renderRoutes(routes, '/directory/users/7', { ...ADMIN, permissions: [...ADMIN.permissions, 'manageUserRoles'] });
    const active = await screen.findByRole('switch', { name: /^Active/ });
    expect(active).toBeChecked();
    expect(active).toBeDisabled();
    expect(screen.getByTestId('user-kept')).toHaveTextContent(/holds rights you do not: you cannot rename/);
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeDisabled();
    expect(screen.getByLabelText(/New password/)).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    // The role it holds shows with no remove button, and Backspace does not take it away either.
    const pill = () =>
      screen
        .getAllByText('admin')
        .find((e) => e.classList.contains('mantine-Pill-label'))
        ?.closest('.mantine-Pill-root');
    await waitFor(() => expect(pill()).toBeTruthy());
    expect(pill()?.querySelector('button')).toBeNull();
    const roles = screen.getByRole('combobox', { name: 'Roles' });
    await userEvent.click(roles);
    await userEvent.keyboard('{Backspace}');
    expect(pill()).toBeTruthy();
    // Another role may be added.
    await userEvent.click(roles);
    await userEvent.click(await screen.findByRole('option', { name: 'clerks', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('PUT', '/users/7')).toHaveLength(1));
    expect(api.of('PUT', '/users/7')[0]?.body).toMatchObject({ roles: [{ id: 1 }, { id: 2 }], state: true });
  });

  it('lets one rename the last administrator but not deactivate it, and oneself the same', async () => {
    fakeApi((c) => {
      if (c.path === '/users/7' && c.method === 'GET')
        return { body: { ...stored, protected: true, protectedBy: 'lastAdministrator' } };
      if (c.path === '/users/1' && c.method === 'GET') return { body: { ...stored, id: 1, username: 'admin' } };
      if (c.path === '/users/8' && c.method === 'GET')
        return { body: { ...stored, id: 8, protected: false, protectedBy: null } };
      return undefined;
    });
    const last = renderRoutes(routes, '/directory/users/7');
    expect(await screen.findByRole('switch', { name: /^Active/ })).toBeDisabled();
    expect(screen.getByTestId('user-kept')).toHaveTextContent(/last active user holding every right/);
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeEnabled();
    last.unmount();
    // One's own user (the signed-in one is user 1): the server refuses deactivating oneself.
    const self = renderRoutes(routes, '/directory/users/1');
    expect(await screen.findByRole('switch', { name: /^Active/ })).toBeDisabled();
    expect(screen.getByTestId('user-kept')).toHaveTextContent(/This is your own user/);
    self.unmount();
    renderRoutes(routes, '/directory/users/8');
    const free = await screen.findByRole('switch', { name: /^Active/ });
    await waitFor(() => expect(free).toBeEnabled());
    expect(screen.queryByTestId('user-kept')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Username/ })).toBeEnabled();
  });

  it('offers no change of roles without the permission to manage them, and asks for none to choose', async () => {
    const api = fakeApi((c) =>
      c.path === '/users/7' && c.method === 'GET'
        ? { body: { ...stored, roles: [{ id: 2, name: 'clerks' }] } }
        : undefined,
    );
    renderRoutes(routes, '/directory/users/7');
    await screen.findByRole('switch', { name: /^Active/ });
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(await screen.findByRole('combobox', { name: 'Roles' })).toBeDisabled();
    expect(screen.getByText(/under the “Manage user roles” permission/)).toBeInTheDocument();
    expect(api.of('GET', '/roles')).toHaveLength(0);
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
