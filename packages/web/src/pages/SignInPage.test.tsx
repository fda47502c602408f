import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../app/api';
import { mockFetch, renderApp } from '../app/test-utils';

vi.mock('../areas/routes', () => ({ adminRoutes: [] }));

async function fillAndSubmit(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignInPage', () => {
  it('asks for the username and password before sending anything', async () => {
    const { calls } = mockFetch(() => undefined);
    renderApp('/auth', { token: false, user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('keeps a field error while typing, until the next submit', async () => {
    mockFetch(() => ({ status: 401, body: { id: 'app.auth.invalid_credentials', code: 401, detail: 'no' } }));
    renderApp('/auth', { token: false, user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required');
  });

  it('says the credentials are wrong on a 401 and stays on /auth', async () => {
    mockFetch(() => ({ status: 401, body: { id: 'app.auth.invalid_credentials', code: 401, detail: 'no' } }));
    const { router } = renderApp('/auth', { token: false, user: null });
    await fillAndSubmit('admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('says the account is disabled when the server answers app.auth.inactive', async () => {
    mockFetch(() => ({ status: 401, body: { id: 'app.auth.inactive', code: 401, detail: 'disabled' } }));
    const { router } = renderApp('/auth', { token: false, user: null });
    await fillAndSubmit('jane', 'right');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is disabled');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('asks to wait after too many attempts (429)', async () => {
    mockFetch(() => ({ status: 429, body: { id: 'app.auth.too_many', code: 429, detail: 'slow down' } }));
    renderApp('/auth', { token: false, user: null });
    await fillAndSubmit('admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts');
  });

  it('shows the domain field when the server needs the domain, then sends it', async () => {
    const { calls } = mockFetch((_method, _url, body) => {
      const sent = body as { domain?: string };
      if (!sent.domain)
        return {
          status: 400,
          body: {
            id: 'app.auth.domain_required',
            code: 400,
            detail: 'domain: This field is required',
            fields: [{ field: 'domain', message: 'This field is required' }],
          },
        };
      return { status: 401, body: { id: 'app.auth.invalid_credentials', code: 401, detail: 'no' } };
    });
    renderApp('/auth', { token: false, user: null });
    expect(screen.queryByLabelText('Domain')).toBeNull();
    await fillAndSubmit('admin', 'secret');
    expect(await screen.findByText('Enter the domain to sign in to')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Domain'), 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');
    expect(calls.at(-1)?.body).toEqual({ username: 'admin', password: 'secret', domain: 'acme' });
  });

  it('shows the server detail for other failures', async () => {
    mockFetch(() => ({ status: 503, body: { id: 'app.unavailable', code: 503, detail: 'The database is starting' } }));
    renderApp('/auth', { token: false, user: null });
    await fillAndSubmit('admin', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is starting');
  });

  it('asks for the code after the password, then signs in with it', async () => {
    const { calls } = mockFetch((_method, url, body) => {
      if (url.pathname === '/api/login') return { body: { twoFactor: 'code', challenge: 'c-1', expiresAt: 'x' } };
      if (url.pathname === '/api/login/two-factor') {
        if ((body as { code: string }).code === '111111')
          return {
            status: 400,
            body: {
              id: 'app.auth.validation',
              code: 400,
              detail: 'code',
              fields: [{ field: 'code', message: 'The code is not valid' }],
            },
          };
        return { body: { accessToken: 't', tokenType: 'Bearer', expiresAt: null } };
      }
      return undefined;
    });
    renderApp('/auth', { token: false, user: null });
    await fillAndSubmit('admin', 'secret');
    await userEvent.type(await screen.findByLabelText('Code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not valid')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(getToken()).toBe('t'));
    expect(calls.filter((c) => c.path === '/api/login/two-factor').map((c) => c.body)).toEqual([
      { challenge: 'c-1', code: '111111' },
      { challenge: 'c-1', code: '123456' },
    ]);
  });

  it('sets up the factor a role requires and shows the recovery codes once', async () => {
    mockFetch((_method, url) => {
      if (url.pathname === '/api/login') return { body: { twoFactor: 'enrol', challenge: 'c-2', expiresAt: 'x' } };
      if (url.pathname === '/api/login/two-factor/enrol')
        return { body: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Switchboard:ann?secret=JBSWY3DPEHPK3PXP' } };
      if (url.pathname === '/api/login/two-factor')
        return {
          body: {
            accessToken: 't',
            tokenType: 'Bearer',
            expiresAt: null,
            recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'],
          },
        };
      return undefined;
    });
    renderApp('/auth', { token: false, user: null });
    await fillAndSubmit('ann', 'secret');
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for the authenticator app' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Six-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('aaaaa-bbbbb')).toBeInTheDocument();
    expect(screen.getByText('ccccc-ddddd')).toBeInTheDocument();
  });

  it('asks for the password again when the challenge has expired', async () => {
    mockFetch((_method, url) => {
      if (url.pathname === '/api/login') return { body: { twoFactor: 'code', challenge: 'c-3', expiresAt: 'x' } };
      return { status: 401, body: { id: 'app.auth.challenge_expired', code: 401, detail: 'expired' } };
    });
    renderApp('/auth', { token: false, user: null });
    await fillAndSubmit('admin', 'secret');
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in has expired');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
