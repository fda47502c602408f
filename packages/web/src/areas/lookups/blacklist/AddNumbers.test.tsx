import { blacklistNumbersPath, type ImportItem, messages, type ScopeEntry } from '@switchboard/model';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { AddNumbers } from './AddNumbers';

const path = blacklistNumbersPath(7);
const routes = [{ path: '/lookups/blacklist/7', element: <AddNumbers path={path} /> }];

afterEach(() => vi.unstubAllGlobals());

const item = (over: Partial<ImportItem>): ImportItem => ({
  id: 5,
  resource: 'blacklistNumbers',
  parentId: 7,
  fileName: 'pasted-numbers.csv',
  bytes: 20,
  mode: 'all',
  charset: 'utf-8',
  separator: ',',
  header: false,
  mapping: null,
  state: 'queued',
  phase: null,
  bytesRead: 0,
  rowsRead: 0,
  rowsToLoad: 0,
  rowsLoaded: 0,
  rowsFailed: 0,
  rowsSkipped: 0,
  error: null,
  errorKey: null,
  errorParams: null,
  createdAt: '2026-01-01T00:00:00Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe('AddNumbers', () => {
  it('sends the pasted column as a CSV import, all or nothing, and shows the faulty lines by their place in the paste', async () => {
    const api = fakeApi((c) => {
      if (c.method === 'POST' && c.path === `${path}/import`) return { status: 202, body: item({}) };
      if (c.method === 'GET' && c.path === '/imports/5')
        return {
          body: item({
            state: 'failed',
            rowsRead: 2,
            rowsFailed: 1,
            errorKey: 'importRowsRefused',
            errorParams: { failed: 1, rows: 2 },
          }),
        };
      if (c.method === 'GET' && c.path === '/imports/5/errors')
        return { body: { items: [{ line: 2, field: 'number', message: messages.phone }], next: false } };
      return undefined;
    });
    renderRoutes(routes, '/lookups/blacklist/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add several' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Numbers' }),
      '+380441{enter}{enter}12-ab"c{enter}',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add numbers' }));

    await waitFor(() => expect(api.of('POST', `${path}/import`)).toHaveLength(1));
    const form = api.of('POST', `${path}/import`)[0].form as FormData;
    expect(form.get('mode')).toBe('all');
    expect(form.get('header')).toBe('false');
    expect(form.get('separator')).toBe(',');
    // One quoted cell a row: a comma or a quote pasted stays inside its number.
    expect(await (form.get('file') as File).text()).toBe('"+380441"\n"12-ab""c"\n');
    // The second number sent is the third line pasted (a blank line lies between).
    const errors = await screen.findByTestId('paste-errors');
    await waitFor(() => expect(errors).toHaveTextContent(`Line 3: ${messages.phone}`));
    expect(errors).toHaveTextContent('1 of 2 rows have errors; nothing was imported.');
    expect(screen.getByRole('textbox', { name: 'Numbers' })).toHaveValue('+380441\n\n12-ab"c\n');
  });

  it('asks for a number before sending anything', async () => {
    const api = fakeApi(() => undefined);
    renderRoutes(routes, '/lookups/blacklist/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add several' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add numbers' }));
    expect(await screen.findByTestId('paste-errors')).toHaveTextContent('Paste at least one number');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
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
