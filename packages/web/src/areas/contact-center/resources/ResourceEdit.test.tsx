import { messages } from '@switchboard/model';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { ResourceEdit } from './ResourceEdit';

const routes = [
  { path: '/contact-center/resources', element: null },
  { path: '/contact-center/resources/:id', element: <ResourceEdit /> },
];

afterEach(() => vi.unstubAllGlobals());

describe('ResourceEdit', () => {
  it('starts from the spec defaults and names a bad error code under its field before sending', async () => {
    const api = fakeApi(() => undefined);
    renderRoutes(routes, '/contact-center/resources/new');
    expect(await screen.findByRole('heading', { name: 'New resource' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'CPS' })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: 'Limit' })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: 'Max errors in a row' })).toHaveValue('2');
    const codes = screen.getByRole('combobox', { name: 'Error codes' });
    await userEvent.type(codes, '503{enter}5xx{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.sipErrorCode)).toBeInTheDocument();
    // The display numbers come once the resource exists; the parameters at once.
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['General', 'Parameters']);
    await waitFor(() => expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0));
  });
});
