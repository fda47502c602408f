import { users } from '@switchboard/model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../fields/TextField';
import { fakeApi, renderRoutes } from '../test-utils';
import { EditScreen } from './EditScreen';
import type { EditTab } from './form';

type Values = { name: string; username: string; password: string; email: string };
const empty = (): Values => ({ name: '', username: '', password: '', email: '' });
const fromItem = (item: Record<string, unknown>): Values => ({
  name: String(item.name ?? ''),
  username: String(item.username ?? ''),
  password: '',
  email: String(item.email ?? ''),
});
const LABELS = { general: 'General', name: 'Name', username: 'Username', password: 'Password', email: 'Email' };
const tabs: EditTab<Values>[] = [
  {
    key: 'general',
    label: LABELS.general,
    fields: ['name', 'username', 'password', 'email'],
    render: (form) => (
      <>
        <TextField form={form} name="name" label={LABELS.name} />
        <TextField form={form} name="username" label={LABELS.username} />
        <TextField form={form} name="password" label={LABELS.password} kind="password" />
        <TextField form={form} name="email" label={LABELS.email} />
      </>
    ),
  },
];
const title = (v: Values) => v.name;
const screenElement = <EditScreen def={users} tabs={tabs} codec={{ empty, fromItem }} title={title} />;
const routes = [
  { path: '/directory/users', element: null },
  { path: '/directory/users/:id', element: screenElement },
];

const stored = { id: 5, name: 'Alice', username: 'alice', email: 'alice@example.com' };

afterEach(() => vi.unstubAllGlobals());

describe('EditScreen', () => {
  it('sends no update while nothing changed, and a PUT once something did', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/users/5' && c.method === 'GET') return { body: stored };
      if (c.path === '/users/5' && c.method === 'PUT') return { body: { ...stored, ...(c.body as object) } };
      return undefined;
    });
    renderRoutes(routes, '/directory/users/5');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Alice');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(save);
    expect(api.of('PUT', '/users/5')).toHaveLength(0);

    await userEvent.type(name, ' Smith');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(save);
    await waitFor(() => expect(api.of('PUT', '/users/5')).toHaveLength(1));
    expect(api.of('PUT', '/users/5')[0]?.body).toMatchObject({ name: 'Alice Smith', username: 'alice' });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(api.of('GET', '/users/5')).toHaveLength(2);
  });

  it('shows the validation messages under the fields before anything is sent', async () => {
    const api = fakeApi(() => undefined);
    renderRoutes(routes, '/directory/users/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Should look email-like')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('creates, then reads the new item and replaces the URL with its id', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/users' && c.method === 'POST') return { status: 201, body: { id: 9, ...(c.body as object) } };
      if (c.path === '/users/9' && c.method === 'GET') return { body: { id: 9, name: 'Bob', username: 'bob' } };
      return undefined;
    });
    const { router } = renderRoutes(routes, '/directory/users/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Bob');
    await userEvent.type(screen.getByRole('textbox', { name: 'Username' }), 'bob');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/directory/users/9'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.of('POST', '/users')[0]?.body).toMatchObject({ name: 'Bob', username: 'bob', password: 'secret' });
    await waitFor(() => expect(api.of('GET', '/users/9')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts the API field errors under the fields', async () => {
    fakeApi((c) =>
      c.method === 'POST'
        ? {
            status: 400,
            body: {
              id: 'app.users.validation',
              code: 400,
              detail: 'Invalid',
              fields: [{ field: 'username', message: 'This field is required' }],
            },
          }
        : undefined,
    );
    renderRoutes(routes, '/directory/users/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Username' }), 'x');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    fakeApi((c) => (c.path === '/users/5' ? { body: stored } : undefined));
    const { router } = renderRoutes(routes, '/directory/users/5');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/directory/users/5');
    await userEvent.click(screen.getByRole('link', { name: 'Back to the list' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/directory/users'));
  });

  it('saves on Enter in a field and on Ctrl+S', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/users/5' && c.method === 'GET') return { body: stored };
      if (c.path === '/users/5' && c.method === 'PUT') return { body: { ...stored, ...(c.body as object) } };
      return undefined;
    });
    renderRoutes(routes, '/directory/users/5');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.type(name, ' Smith{Enter}');
    await waitFor(() => expect(api.of('PUT', '/users/5')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());

    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'a@example.org');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(api.of('PUT', '/users/5')).toHaveLength(2));
    expect(api.of('PUT', '/users/5')[1]?.body).toMatchObject({ email: 'a@example.org' });
  });

  it('moves the focus to the first failing field', async () => {
    fakeApi(() => undefined);
    renderRoutes(routes, '/directory/users/new');
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.type(email, 'not-an-email{Enter}');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Username' })).toHaveFocus());
  });
});
