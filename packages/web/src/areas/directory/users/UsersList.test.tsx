import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { RolesList } from '../../permissions/roles/RolesList';
import { UsersList } from './UsersList';

const user = (id: number, name: string, isProtected: boolean) => ({
  id,
  name,
  username: name.toLowerCase(),
  extension: '',
  presence: { status: '', note: '' },
  dnd: false,
  protected: isProtected,
});

afterEach(() => vi.unstubAllGlobals());

describe('take-down controls in lists', () => {
  it('offers no delete, nor a selection to delete, for a user the server marks protected', async () => {
    const api = fakeApi((c) =>
      c.path === '/users' && c.method === 'GET'
        ? { body: { items: [user(1, 'Boss', true), user(2, 'Clerk', false)], next: false } }
        : c.method === 'DELETE'
          ? { status: 204 }
          : undefined,
    );
    renderRoutes([{ path: '/', element: <UsersList /> }], '/');
    const boss = (await screen.findByText('Boss')).closest('tr') as HTMLElement;
    const clerk = screen.getByText('Clerk').closest('tr') as HTMLElement;
    expect(within(boss).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(boss).getByRole('checkbox', { name: 'Select row' })).toBeDisabled();
    expect(within(clerk).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(clerk).getByRole('checkbox', { name: 'Select row' })).toBeEnabled();
    // Selecting every row selects those that may be deleted.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on the page' }));
    expect(within(boss).getByRole('checkbox', { name: 'Select row' })).not.toBeChecked();
    expect(within(clerk).getByRole('checkbox', { name: 'Select row' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    // Only the user that may be deleted is sent.
    await waitFor(() => expect(api.of('DELETE', '/users/2')).toHaveLength(1));
    expect(api.of('DELETE', '/users/1')).toHaveLength(0);
  });

  it('offers no delete for a role the server marks protected', async () => {
    fakeApi((c) =>
      c.path === '/roles' && c.method === 'GET'
        ? {
            body: {
              items: [
                { id: 1, name: 'admin', description: '', protected: true },
                { id: 2, name: 'clerks', description: '', protected: false },
              ],
              next: false,
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/', element: <RolesList /> }], '/');
    const admin = (await screen.findByText('admin')).closest('tr') as HTMLElement;
    const clerks = screen.getByText('clerks').closest('tr') as HTMLElement;
    expect(within(admin).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(clerks).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
