import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { EmailProfileEdit } from './EmailProfileEdit';

const routes = [
  { path: '/integrations/email-profiles', element: null },
  { path: '/integrations/email-profile/:id', element: <EmailProfileEdit /> },
];

const SAVED = {
  id: 7,
  name: 'Support',
  description: '',
  enabled: true,
  schema: { id: 3, name: 'Mail flow' },
  imapHost: 'imap.example.com',
  imapPort: 993,
  smtpHost: 'smtp.example.com',
  smtpPort: 587,
  fetchInterval: 60,
  login: 'support@example.com',
  mailbox: 'INBOX',
  passwordSet: true,
  lastFetchAt: null,
  fetchedCount: 12,
  lastError: 'Message <1@example.net>: The flow runner answered 500: broken',
};

afterEach(() => vi.unstubAllGlobals());

describe('EmailProfileEdit', () => {
  it('starts from the spec defaults', async () => {
    fakeApi(() => undefined);
    renderRoutes(routes, '/integrations/email-profile/new');
    expect(await screen.findByRole('heading', { name: 'New email profile' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'IMAP port' })).toHaveValue('993');
    expect(screen.getByRole('textbox', { name: 'SMTP port' })).toHaveValue('587');
    expect(screen.getByRole('textbox', { name: 'Fetch interval, seconds' })).toHaveValue('60');
    expect(screen.getByRole('textbox', { name: 'Mailbox' })).toHaveValue('INBOX');
    // Nothing fetched yet for a profile not saved.
    expect(screen.queryByRole('group', { name: 'Fetch status' })).not.toBeInTheDocument();
  });

  it('tests a saved profile with the connection values on screen and shows each side and the fetch status', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/email/profile/7' && c.method === 'GET') return { body: SAVED };
      if (c.path === '/email/profile/7/test') {
        return {
          body: {
            ok: false,
            imap: { ok: true, detail: 'Signed in to imap.example.com:993' },
            smtp: { ok: false, detail: 'SMTP sign-in was refused: 535' },
          },
        };
      }
      return undefined;
    });
    renderRoutes(routes, '/integrations/email-profile/7');
    expect(await screen.findByRole('heading', { name: 'Support' })).toBeInTheDocument();
    const status = screen.getByRole('group', { name: 'Fetch status' });
    expect(status).toHaveTextContent('Not fetched yet');
    expect(status).toHaveTextContent('12');
    expect(status).toHaveTextContent('The flow runner answered 500: broken');
    const mailbox = screen.getByRole('textbox', { name: 'Mailbox' });
    await userEvent.clear(mailbox);
    await userEvent.type(mailbox, 'Support');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Connection failed');
    expect(result).toHaveTextContent('IMAP · signed in: Signed in to imap.example.com:993');
    expect(result).toHaveTextContent('SMTP · failed: SMTP sign-in was refused: 535');
    // Only the connection settings, and no empty password (the stored one serves).
    await waitFor(() =>
      expect(api.of('POST', '/email/profile/7/test')[0]?.body).toEqual({
        imapHost: 'imap.example.com',
        imapPort: 993,
        smtpHost: 'smtp.example.com',
        smtpPort: 587,
        login: 'support@example.com',
        mailbox: 'Support',
      }),
    );
  });
});
