import { blacklistNumbersPath, messages, type ScopeEntry } from '@switchboard/model';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { AddNumbers } from './AddNumbers';

const path = blacklistNumbersPath(7);
const routes = [{ path: '/lookups/blacklist/7', element: <AddNumbers path={path} /> }];

afterEach(() => vi.unstubAllGlobals());

describe('AddNumbers', () => {
  it('sends the pasted column in one call and shows the faulty lines by their place in the paste', async () => {
    const api = fakeApi((c) =>
      c.method === 'POST' && c.path === path
        ? {
            status: 400,
            body: {
              id: 'app.blacklistNumbers.validation',
              code: 400,
              status: 'Bad Request',
              detail: '2.number: bad',
              fields: [{ field: '2.number', message: messages.phone }],
            },
          }
        : undefined,
    );
    renderRoutes(routes, '/lookups/blacklist/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add several' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Numbers' }), '+380441{enter}{enter}12-ab{enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add numbers' }));
    await waitFor(() => expect(api.of('POST', path)).toHaveLength(1));
    expect(api.of('POST', path)[0].body).toEqual([{ number: '+380441' }, { number: '12-ab' }]);
    // The second number sent is the third line pasted (a blank line lies between).
    expect(await screen.findByTestId('paste-errors')).toHaveTextContent(`Line 3: ${messages.phone}`);
    expect(screen.getByRole('textbox', { name: 'Numbers' })).toHaveValue('+380441\n\n12-ab\n');
  });

  it('is offered to whoever may edit the list, and not to a reader', async () => {
    fakeApi(() => undefined);
    const editor: ScopeEntry[] = [{ class: 'cc_list', access: 'rw', obac: true, rbac: false }];
    const view = renderRoutes(routes, '/lookups/blacklist/7', { ...ADMIN, permissions: [], scope: editor });
    expect(await screen.findByRole('button', { name: 'Add several' })).toBeInTheDocument();
    view.unmount();
    const reader: ScopeEntry[] = [{ class: 'cc_list', access: 'rx', obac: true, rbac: false }];
    renderRoutes(routes, '/lookups/blacklist/7', { ...ADMIN, permissions: [], scope: reader });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add several' })).not.toBeInTheDocument());
  });
});
