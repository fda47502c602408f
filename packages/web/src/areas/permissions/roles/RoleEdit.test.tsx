import { screen } from '@testing-library/react';
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
});
