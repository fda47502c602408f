import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { RoleEdit } from './RoleEdit';

const routes = [
  { path: '/permissions/roles', element: null },
  { path: '/permissions/roles/:id', element: <RoleEdit /> },
];
const role = (id: number) => ({
  id,
  name: `Role ${id}`,
  description: '',
  permissions: [],
  metadata: { access: {} },
  requireTwoFactor: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('RoleEdit', () => {
  it('shows a role one holds read-only, saying why, as the server refuses to change it', async () => {
    fakeApi((c) => (c.method === 'GET' && c.path.startsWith('/roles/') ? { body: role(4) } : undefined));
    renderRoutes(routes, '/permissions/roles/4', { ...ADMIN, roles: [{ id: 4, name: 'Role 4' }] });
    expect(await screen.findByText(/You hold this role, so you cannot change it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByLabelText(/Name/)).toBeDisabled();
  });

  it('lets one edit a role one does not hold', async () => {
    fakeApi((c) => (c.method === 'GET' && c.path.startsWith('/roles/') ? { body: role(5) } : undefined));
    renderRoutes(routes, '/permissions/roles/5', { ...ADMIN, roles: [{ id: 4, name: 'Role 4' }] });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByText(/You hold this role/)).toBeNull();
  });

  it('says a role the server marks protected may be raised but not reduced or deleted', async () => {
    fakeApi((c) =>
      c.method === 'GET' && c.path === '/roles/5'
        ? { body: { ...role(5), protected: true } }
        : c.method === 'GET' && c.path === '/roles/6'
          ? { body: { ...role(6), protected: false } }
          : undefined,
    );
    const view = renderRoutes(routes, '/permissions/roles/5');
    expect(await screen.findByTestId('role-protected')).toHaveTextContent(/raise this role's rights but not reduce/);
    view.unmount();
    renderRoutes(routes, '/permissions/roles/6');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByTestId('role-protected')).toBeNull();
  });

  it('offers the Objects tab only with the objects permission, and saves a class right at once', async () => {
    let granted = 'r';
    const api = fakeApi((c) => {
      if (c.path === '/roles/5/classes') {
        if (c.method === 'PATCH') granted = (c.body as { grants: string }[])[0].grants;
        return {
          body: {
            items: [
              { objclass: { id: 11, name: 'users' }, granted },
              { objclass: { id: 12, name: 'cc_agent' }, granted: '' },
            ],
          },
        };
      }
      return c.method === 'GET' && c.path.startsWith('/roles/') ? { body: role(5) } : undefined;
    });
    const view = renderRoutes(routes, '/permissions/roles/5', ADMIN);
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('tab', { name: 'Objects' })).toBeNull();
    view.unmount();

    renderRoutes(routes, '/permissions/roles/5', { ...ADMIN, permissions: [...ADMIN.permissions, 'systemSetting'] });
    fireEvent.click(await screen.findByRole('tab', { name: 'Objects' }));
    // Rows by translated class name, in the interface language's order.
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Agents', 'Users']);
    const edit = screen.getByRole('radiogroup', { name: 'Users: Edit' });
    fireEvent.click(within(edit).getByRole('radio', { name: 'Allow' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          path: '/roles/5/classes',
          body: [{ objclass: { id: 11 }, grants: 'rw' }],
        }),
      ),
    );
  });
});
