import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { formatDateTime } from '../../../locale';
import { UserTokens } from './UserTokens';

const PATH = '/users/4/tokens';
const routes = [{ path: '/', element: <UserTokens userId={4} readOnly={false} /> }];
const SECRET = 'tok_3f9a8c1e77';
/** May mint tokens for other users. */
const MANAGER = { ...ADMIN, permissions: [...ADMIN.permissions, 'changeUserPassword' as const] };

afterEach(() => vi.unstubAllGlobals());

describe('UserTokens', () => {
  it('shows a new token once, with copy, download and the warning, and never lists its value', async () => {
    const tokens: Record<string, unknown>[] = [];
    const api = fakeApi((c) => {
      if (c.path === PATH && c.method === 'POST') {
        const row = {
          id: 1,
          usage: (c.body as { usage: string }).usage,
          createdAt: '2026-01-02T03:04:05Z',
          createdBy: null,
          expiresAt: '2026-04-02T03:04:05Z',
          lastUsedAt: null,
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
    // 90 days unless chosen otherwise.
    expect(api.of('POST', PATH)[0]?.body).toEqual({ usage: 'crm', expiresInDays: 90 });
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
      expiresAt: null,
      lastUsedAt: null,
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

  it('creates a token with the expiry chosen, and lists expiry and last use', async () => {
    const tokens = [
      {
        id: 1,
        usage: 'crm',
        createdAt: '2026-01-02T03:04:05Z',
        createdBy: null,
        expiresAt: null,
        lastUsedAt: null,
      },
      {
        id: 2,
        usage: 'reports',
        createdAt: '2026-01-02T03:04:05Z',
        createdBy: null,
        expiresAt: '2026-02-01T03:04:05Z',
        lastUsedAt: '2026-01-20T10:00:00Z',
      },
    ];
    const api = fakeApi((c) => {
      if (c.path === PATH && c.method === 'POST') return { status: 201, body: { ...tokens[0], id: 3, token: SECRET } };
      if (c.path === PATH) return { body: { items: tokens, next: false } };
      return undefined;
    });
    renderRoutes(routes, '/', MANAGER);
    const never = await screen.findByRole('row', { name: /crm/ });
    expect(within(never).getByText('never')).toBeInTheDocument();
    expect(within(never).getByText('not used yet')).toBeInTheDocument();
    const used = screen.getByRole('row', { name: /reports/ });
    expect(within(used).queryByText('never')).not.toBeInTheDocument();
    expect(within(used).queryByText('not used yet')).not.toBeInTheDocument();
    expect(within(used).getByText(formatDateTime('2026-01-20T10:00:00Z', 'en'))).toBeInTheDocument();
    expect(within(used).getByText(formatDateTime('2026-02-01T03:04:05Z', 'en'))).toBeInTheDocument();

    const expiry = screen.getByRole('combobox', { name: 'Expires' });
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['30 days', '90 days', '365 days', 'Never']);
    expect(expiry).toHaveValue('90');
    for (const [choice, days] of [
      ['365', 365],
      ['never', null],
      ['30', 30],
    ] as const) {
      await userEvent.type(screen.getByRole('textbox', { name: 'Usage' }), `t${choice}`);
      await userEvent.selectOptions(expiry, choice);
      await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Done' }));
      expect(api.of('POST', PATH).at(-1)?.body).toEqual({ usage: `t${choice}`, expiresInDays: days });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
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

  it('offers no new token for a user holding rights one lacks, as the server mints none', async () => {
    fakeApi((c) => (c.path === PATH ? { body: { items: [], next: false } } : undefined));
    renderRoutes([{ path: '/', element: <UserTokens userId={4} readOnly={false} stronger /> }], '/', MANAGER);
    expect(await screen.findByText('No tokens yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create token' })).toBeNull();
  });
});
