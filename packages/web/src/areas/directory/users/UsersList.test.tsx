import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { RolesList } from '../../permissions/roles/RolesList';
import { UsersList } from './UsersList';

const user = (id: number, name: string, isProtected: boolean, protectedBy: string | null = null) => ({
  id,
  name,
  username: name.toLowerCase(),
  extension: '',
  presence: { status: '', note: '' },
  dnd: false,
  protected: isProtected,
  protectedBy: isProtected ? (protectedBy ?? 'stronger') : null,
});

afterEach(() => vi.unstubAllGlobals());

describe('take-down controls in lists', () => {
  it('offers no delete, nor a selection to delete, for a user the server marks protected', async () => {
    const api = fakeApi((c) =>
      c.path === '/users' && c.method === 'GET'
        ? { body: { items: [user(11, 'Boss', true), user(2, 'Clerk', false)], next: false } }
        : c.method === 'DELETE'
          ? { status: 204 }
          : undefined,
    );
    renderRoutes([{ path: '/', element: <UsersList /> }], '/');
    const boss = (await screen.findByText('Boss')).closest('tr') as HTMLElement;
    const clerk = screen.getByText('Clerk').closest('tr') as HTMLElement;
    expect(within(boss).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // Where the delete would be, the reason.
    expect(within(boss).getByRole('img', { name: /holds rights you do not/ })).toBeInTheDocument();
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
    expect(api.of('DELETE', '/users/11')).toHaveLength(0);
  });

  it("says why one's own user and the last administrator cannot be deleted", async () => {
    fakeApi((c) =>
      c.path === '/users' && c.method === 'GET'
        ? {
            body: {
              items: [user(1, 'Me', false), user(3, 'Last', true, 'lastAdministrator'), user(4, 'Other', false)],
              next: false,
            },
          }
        : undefined,
    );
    // The signed-in user is user 1.
    renderRoutes([{ path: '/', element: <UsersList /> }], '/');
    const me = (await screen.findByText('Me')).closest('tr') as HTMLElement;
    const last = screen.getByText('Last').closest('tr') as HTMLElement;
    expect(within(me).getByRole('img', { name: /This is your own user/ })).toBeInTheDocument();
    expect(within(me).getByRole('checkbox', { name: 'Select row' })).toBeDisabled();
    expect(within(last).getByRole('img', { name: /last active user holding every right/ })).toBeInTheDocument();
    expect(within(last).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const other = screen.getByText('Other').closest('tr') as HTMLElement;
    expect(within(other).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('drops from the selection a user a new read marks protected', async () => {
    let marked = false;
    fakeApi((c) =>
      c.path === '/users' && c.method === 'GET'
        ? { body: { items: [user(5, 'Soon', marked), user(6, 'Plain', false)], next: false } }
        : undefined,
    );
    renderRoutes([{ path: '/', element: <UsersList /> }], '/');
    const soon = () => screen.getByText('Soon').closest('tr') as HTMLElement;
    await screen.findByText('Soon');
    await userEvent.click(within(soon()).getByRole('checkbox', { name: 'Select row' }));
    expect(screen.getByRole('button', { name: 'Delete selected (1)' })).toBeInTheDocument();
    marked = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(soon()).getByRole('checkbox', { name: 'Select row' })).toBeDisabled());
    expect(within(soon()).getByRole('checkbox', { name: 'Select row' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).toBeNull();
  });

  it('offers no delete for a role the server marks protected', async () => {
    fakeApi((c) =>
      c.path === '/roles' && c.method === 'GET'
        ? {
            body: {
              items: [
                { id: 1, name: 'admin', description: '', protected: true, protectedBy: 'stronger' },
                { id: 2, name: 'clerks', description: '', protected: false, protectedBy: null },
                { id: 3, name: 'mine', description: '', protected: true, protectedBy: 'held' },
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
    expect(within(admin).getByRole('img', { name: /This role holds rights you do not/ })).toBeInTheDocument();
    const mine = screen.getByText('mine').closest('tr') as HTMLElement;
    expect(within(mine).getByRole('img', { name: /You hold this role/ })).toBeInTheDocument();
    expect(within(clerks).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
