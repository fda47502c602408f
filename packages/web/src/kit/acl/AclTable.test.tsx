import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../test-utils';
import { AclTable } from './AclTable';

const PATH = '/devices/7/acl';
const routes = [{ path: '/', element: <AclTable path={PATH} rights={['r', 'w', 'd']} /> }];

afterEach(() => vi.unstubAllGlobals());

describe('AclTable', () => {
  it('shows each right as forbidden, allow or manage and PATCHes the full letter set of the grantee', async () => {
    let granted = 'rrxw';
    const api = fakeApi((c) => {
      if (c.path !== PATH) return undefined;
      if (c.method === 'PATCH') {
        granted = (c.body as { grants: string }[])[0]!.grants;
        return { status: 204 };
      }
      return { body: { items: [{ grantee: { id: 3, name: 'agents' }, granted }] } };
    });
    renderRoutes(routes, '/');
    const edit = await screen.findByRole('radiogroup', { name: 'agents: Edit' });
    expect(within(screen.getByRole('radiogroup', { name: 'agents: Read' })).getByLabelText('Manage')).toBeChecked();
    expect(within(edit).getByLabelText('Allow')).toBeChecked();
    expect(
      within(screen.getByRole('radiogroup', { name: 'agents: Delete' })).getByLabelText('Forbidden'),
    ).toBeChecked();

    await userEvent.click(within(edit).getByLabelText('Manage'));
    await waitFor(() => expect(api.of('PATCH', PATH)).toHaveLength(1));
    // Create (x) is not a column here, yet the grantee keeps it.
    expect(api.of('PATCH', PATH)[0]?.body).toEqual([{ grantee: { id: 3 }, grants: 'rrxww' }]);
    await waitFor(() =>
      expect(within(screen.getByRole('radiogroup', { name: 'agents: Edit' })).getByLabelText('Manage')).toBeChecked(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove the role' }));
    await waitFor(() => expect(api.of('PATCH', PATH)).toHaveLength(2));
    expect(api.of('PATCH', PATH)[1]?.body).toEqual([{ grantee: { id: 3 }, grants: '' }]);
  });
});
