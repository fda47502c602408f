import { PERMISSIONS } from '@switchboard/model';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, type Call, fakeApi, type Reply, renderRoutes } from '../../../kit/test-utils';
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

/** The permissions a role can hold, as GET /permissions lists them, then the test's own answers. */
const withPermissions = (answer: (c: Call) => Reply | undefined) => (c: Call) =>
  c.path === '/permissions' ? { body: { items: PERMISSIONS.map((p) => ({ id: p, name: p })) } } : answer(c);

afterEach(() => vi.unstubAllGlobals());

describe('RoleEdit', () => {
  it("lets one raise a role one holds within one's own rights, offering no reduction, and saves", async () => {
    const held = { ...role(4), permissions: ['read'], metadata: { access: { admin: { access: 2 } } }, protected: true };
    const api = fakeApi(
      withPermissions((c) =>
        c.path === '/roles/4' ? { body: c.method === 'PUT' ? { ...held, ...(c.body as object) } : held } : undefined,
      ),
    );
    const editor = {
      ...ADMIN,
      roles: [{ id: 4, name: 'Role 4' }],
      permissions: [...ADMIN.permissions, 'systemSetting' as const],
      access: { admin: { access: 3 as const } },
    };
    renderRoutes(routes, '/permissions/roles/4', editor);
    expect(await screen.findByTestId('role-raise-only')).toHaveTextContent(/You hold this role: you may raise/);
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions' }));
    // What it holds stays; what the editor holds may be added; what the editor lacks may not.
    expect(await screen.findByRole('switch', { name: /Read any record/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Eavesdrop on calls/ })).toBeDisabled();
    const settings = screen.getByRole('switch', { name: /System settings/ });
    expect(settings).toBeEnabled();
    fireEvent.click(settings);
    fireEvent.click(screen.getByRole('tab', { name: 'Application and section access' }));
    const admin = await screen.findByRole('radiogroup', { name: 'Admin' });
    expect(within(admin).getByRole('radio', { name: 'Forbidden' })).toBeDisabled();
    expect(within(admin).getByRole('radio', { name: 'Manage' })).toBeEnabled();
    // The editor's Agent Workspace is forbidden: nothing above it is offered.
    const agent = screen.getByRole('radiogroup', { name: 'Agent Workspace' });
    expect(within(agent).getByRole('radio', { name: 'Allow' })).toBeDisabled();
    fireEvent.click(within(admin).getByRole('radio', { name: 'Manage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('PUT', '/roles/4')).toHaveLength(1));
    expect(api.of('PUT', '/roles/4')[0].body).toMatchObject({
      permissions: ['read', 'systemSetting'],
      metadata: { access: { admin: { access: 3 } } },
    });
  });

  it('shows a role holding rights one lacks read-only, saying why', async () => {
    fakeApi((c) =>
      c.path === '/roles/5' ? { body: { ...role(5), protected: true, protectedBy: 'stronger' } } : undefined,
    );
    renderRoutes(routes, '/permissions/roles/5', { ...ADMIN, roles: [{ id: 4, name: 'Role 4' }] });
    expect(await screen.findByText(/This role holds rights you do not: you cannot change/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByLabelText(/Name/)).toBeDisabled();
  });

  it('keeps the rights of the role the last administrator holds every right through', async () => {
    fakeApi(
      withPermissions((c) =>
        c.path === '/roles/6'
          ? { body: { ...role(6), permissions: ['read'], protected: true, protectedBy: 'lastAdministrator' } }
          : undefined,
      ),
    );
    renderRoutes(routes, '/permissions/roles/6');
    expect(await screen.findByTestId('role-raise-only')).toHaveTextContent(/last user holding every right/);
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions' }));
    expect(await screen.findByRole('switch', { name: /Read any record/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Edit any record/ })).toBeEnabled();
  });

  it('lets one reduce a role one neither holds nor lacks rights of, but not give what one lacks', async () => {
    fakeApi(
      withPermissions((c) =>
        c.path === '/roles/7'
          ? { body: { ...role(7), permissions: ['read', 'eavesdropCall'], protected: false, protectedBy: null } }
          : undefined,
      ),
    );
    renderRoutes(routes, '/permissions/roles/7');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByTestId('role-raise-only')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Permissions' }));
    expect(await screen.findByRole('switch', { name: /Read any record/ })).toBeEnabled();
    // Held already (the editor lacks it): it may be kept or taken away, not given again once taken.
    const eavesdrop = screen.getByRole('switch', { name: /Eavesdrop on calls/ });
    expect(eavesdrop).toBeEnabled();
    expect(screen.getByRole('switch', { name: /System settings/ })).toBeDisabled();
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
