import type { UserInfo } from '@switchboard/model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { ObjectEdit } from './ObjectEdit';

const routes = [{ path: '/permissions/objects/:id', element: <ObjectEdit /> }];

/**
 * Holds role 4, the objects permission and read and edit (not manage, not delete) on devices; none
 * of the global rights that pass every class check.
 */
const EDITOR: UserInfo = {
  ...ADMIN,
  userId: 9,
  roles: [{ id: 4, name: 'Desk staff' }],
  permissions: ['systemSetting'],
  scope: [{ class: 'devices', access: 'rw', obac: true, rbac: false }],
};

const GRANTS = [
  { grantee: { id: 4, name: 'Desk staff' }, granted: 'rw', protectedBy: 'held' },
  { grantee: { id: 6, name: 'Readers' }, granted: 'r', protectedBy: null },
];

afterEach(() => vi.unstubAllGlobals());

describe('ObjectEdit class grants', () => {
  it('offers no reduction of a role one holds and nothing beyond one’s own rights, as the server rules', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/objclass/2') return { body: { id: 2, class: 'devices', obac: true, rbac: false } };
      if (c.path === '/objclass/2/acl') return { body: { items: GRANTS } };
      return undefined;
    });
    renderRoutes(routes, '/permissions/objects/2', EDITOR);

    // The held role: its read and edit cannot go back to forbidden, and it cannot be removed.
    const heldEdit = await screen.findByRole('radiogroup', { name: 'Desk staff: Edit' });
    expect(within(heldEdit).getByLabelText('Forbidden')).toBeDisabled();
    expect(within(heldEdit).getByLabelText('Allow')).toBeChecked();
    // Delete is not the editor's to give; manage of edit neither.
    expect(within(heldEdit).getByLabelText('Manage')).toBeDisabled();
    const heldDelete = screen.getByRole('radiogroup', { name: 'Desk staff: Delete' });
    expect(within(heldDelete).getByLabelText('Allow')).toBeDisabled();
    const heldRow = screen.getByRole('cell', { name: 'Desk staff' }).closest('tr') as HTMLElement;
    expect(within(heldRow).queryByRole('button', { name: 'Remove the role' })).toBeNull();
    expect(within(heldRow).getByRole('img', { name: /You hold this role/ })).toBeInTheDocument();

    // Another role: reduced or removed freely, raised within the editor's rights only.
    const readersEdit = screen.getByRole('radiogroup', { name: 'Readers: Edit' });
    expect(within(readersEdit).getByLabelText('Allow')).toBeEnabled();
    expect(within(screen.getByRole('radiogroup', { name: 'Readers: Delete' })).getByLabelText('Allow')).toBeDisabled();
    expect(within(screen.getByRole('radiogroup', { name: 'Readers: Read' })).getByLabelText('Forbidden')).toBeEnabled();
    await userEvent.click(within(readersEdit).getByLabelText('Allow'));
    await waitFor(() => expect(api.of('PATCH', '/objclass/2/acl')).toHaveLength(1));
    expect(api.of('PATCH', '/objclass/2/acl')[0]?.body).toEqual([{ grantee: { id: 6 }, grants: 'rw' }]);
    const readersRow = screen.getByRole('cell', { name: 'Readers' }).closest('tr') as HTMLElement;
    expect(within(readersRow).getByRole('button', { name: 'Remove the role' })).toBeEnabled();
  });

  it('lets a user with the global rights change every grant of a role they do not hold', async () => {
    fakeApi((c) => {
      if (c.path === '/objclass/2') return { body: { id: 2, class: 'devices', obac: true, rbac: false } };
      if (c.path === '/objclass/2/acl') return { body: { items: GRANTS } };
      return undefined;
    });
    renderRoutes(routes, '/permissions/objects/2', { ...ADMIN, permissions: [...ADMIN.permissions, 'systemSetting'] });
    const edit = await screen.findByRole('radiogroup', { name: 'Readers: Delete' });
    expect(within(edit).getByLabelText('Allow')).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Add a role' })).toBeInTheDocument();
  });
});
