import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { DeviceImport } from './DeviceImport';

afterEach(() => vi.unstubAllGlobals());

const csv = (text: string) => new File([text], 'devices.csv', { type: 'text/csv' });

describe('DeviceImport', () => {
  it('sends the file text and shows the report of the wrong rows', async () => {
    const api = fakeApi((c) =>
      c.path === '/devices/import'
        ? {
            status: 400,
            body: {
              id: 'app.devices.import',
              code: 400,
              detail: '1 row(s) of the file are wrong; nothing was imported.',
              rows: [{ row: 3, field: 'ip', message: 'Should look like IPv4' }],
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/', element: <DeviceImport /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, csv('account,ip\nok,10.0.0.1\nbad,10.0.0.999\n'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const report = await within(dialog).findByRole('table', { name: 'Wrong rows' });
    expect(within(report).getByText('3')).toBeInTheDocument();
    expect(within(report).getByText('ip')).toBeInTheDocument();
    expect(within(report).getByText('Should look like IPv4')).toBeInTheDocument();
    expect(within(dialog).getByText('Nothing was imported: 1 row(s) are wrong')).toBeInTheDocument();
    expect(api.of('POST', '/devices/import')[0].body).toEqual({ content: 'account,ip\nok,10.0.0.1\nbad,10.0.0.999\n' });
  });

  it('closes and says how many were imported when the file is good', async () => {
    fakeApi((c) => (c.path === '/devices/import' ? { status: 201, body: { imported: 2, items: [] } } : undefined));
    renderRoutes([{ path: '/', element: <DeviceImport /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, csv('account\na\nb\n'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    // The modal fades out before it leaves the document.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 });
  });
});
