import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { LicenseUsers } from './LicenseUsers';

const routes = [
  { path: '/directory/license', element: null },
  { path: '/directory/license/:id', element: <LicenseUsers /> },
];

const license = {
  id: 4,
  serial: 'SN-4',
  product: 'CALL_CENTER',
  used: 1,
  limit: 3,
  competitive: false,
  notBefore: '2026-01-01T00:00:00.000Z',
  notAfter: '2027-01-01T00:00:00.000Z',
};
const products = ['CALL_CENTER', 'CHAT', 'EMAIL', 'VOIP_DEVICE', 'DIALER', 'AUDIT'];
const holder = {
  id: 9,
  domain: 'main',
  user: { id: 9, name: 'Jane Roe' },
  username: 'jane',
  sessions: 2,
  license: products.map((prod, i) => ({ id: i + 1, prod })),
};
const manager = { ...ADMIN, permissions: [...ADMIN.permissions, 'manageUserLicense' as const] };

afterEach(() => vi.unstubAllGlobals());

describe('the license users screen', () => {
  it('lists the holders with their first five licenses and logs one out', async () => {
    let sessions = 2;
    const api = fakeApi((c) => {
      if (c.path === '/license/4') return { body: license };
      if (c.path === '/products/4/users') return { body: { items: [{ ...holder, sessions }], next: false } };
      if (c.path === '/products/4/users/9/logout') {
        sessions = 0;
        return { body: { sessions: 2 } };
      }
      return undefined;
    });
    renderRoutes(routes, '/directory/license/4', manager);
    const row = (await screen.findByText('Jane Roe (jane)')).closest('tr') as HTMLElement;
    for (const prod of products.slice(0, 5)) expect(within(row).getByText(prod)).toBeInTheDocument();
    expect(within(row).queryByText('AUDIT')).toBeNull();
    expect(within(row).getByText('+1 more')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Log out jane' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(api.of('POST', '/products/4/users/9/logout')).toHaveLength(1));
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Log out jane' })).toBeDisabled());
  });

  it('says what is needed instead of listing holders without manageUserLicense', async () => {
    const api = fakeApi((c) => (c.path === '/license/4' ? { body: license } : undefined));
    renderRoutes(routes, '/directory/license/4', ADMIN);
    expect(await screen.findByText(/needs the manageUserLicense permission/)).toBeInTheDocument();
    expect(api.of('GET', '/products/4/users')).toHaveLength(0);
  });
});
