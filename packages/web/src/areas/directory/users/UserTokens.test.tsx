import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { UserTokens } from './UserTokens';

const PATH = '/users/4/tokens';
const routes = [{ path: '/', element: <UserTokens userId={4} readOnly={false} /> }];
const SECRET = 'tok_3f9a8c1e77';
/** May mint tokens for other users. */
const MANAGER = { ...ADMIN, permissions: [...ADMIN.permissions, 'changeUserPassword' as const] };

afterEach(() => vi.unstubAllGlobals());

describe('UserTokens', () => {
  it('shows a new token once, with copy, download and the warning, and never lists its value', async () => {
    const tokens: { id: number; usage: string; createdAt: string; createdBy: null }[] = [];
    const api = fakeApi((c) => {
      if (c.path === PATH && c.method === 'POST') {
        const row = {
          id: 1,
          usage: (c.body as { usage: string }).usage,
          createdAt: '2026-01-02T03:04:05Z',
          createdBy: null,
        };
        tokens.push(row);
        return { status: 201, body: { ...row, token: SECRET } };
      }
      if (c.path === PATH) return { body: { items: tokens, next: false } };
      if (c.path === `${PATH}/1` && c.method === 'DELETE') {
        tokens.splice(0, 1);
        return { status: 204 };
      }
      return undefined;
    });
    renderRoutes(routes, '/', MANAGER);
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(api.of('POST', PATH)).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Usage' }), 'crm');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    expect(api.of('POST', PATH)[0]?.body).toEqual({ usage: 'crm' });
    expect(within(dialog).getByText(SECRET)).toBeInTheDocument();
    expect(within(dialog).getByText(/cannot be retrieved again/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'crm' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete token' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.of('DELETE', `${PATH}/1`)).toHaveLength(1));
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();
  });

  it('steps back one page when deleting the last token of a page beyond the first', async () => {
    const tokens = Array.from({ length: 11 }, (_, i) => ({
      id: i + 1,
      usage: `usage ${String(i + 1).padStart(2, '0')}`,
      createdAt: '2026-01-02T03:04:05Z',
      createdBy: null,
    }));
    const api = fakeApi((c) => {
      if (c.path === PATH && c.method === 'GET') {
        const page = Number(c.query.get('page'));
        const size = Number(c.query.get('size'));
        const slice = tokens.slice((page - 1) * size, page * size + 1);
        return { body: { items: slice.slice(0, size), next: slice.length > size } };
      }
      if (c.path === `${PATH}/11` && c.method === 'DELETE') {
        tokens.splice(10, 1);
        return { status: 204 };
      }
      return undefined;
    });
    renderRoutes(routes, '/', MANAGER);
    await screen.findByText('usage 01');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('usage 11')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.of('DELETE', `${PATH}/11`)).toHaveLength(1));
    // Page 2 is empty now: the tab shows page 1 again, not "No tokens yet".
    expect(await screen.findByText('usage 01')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.queryByText('No tokens yet')).not.toBeInTheDocument();
  });

  it("offers no token creation for another user without changeUserPassword, but does for one's own", async () => {
    fakeApi((c) => (c.path.endsWith('/tokens') ? { body: { items: [], next: false } } : undefined));
    const view = renderRoutes(routes, '/', ADMIN);
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
    view.unmount();

    renderRoutes([{ path: '/', element: <UserTokens userId={ADMIN.userId} readOnly={false} /> }], '/', ADMIN);
    expect(await screen.findByRole('button', { name: 'Create token' })).toBeInTheDocument();
  });
});
