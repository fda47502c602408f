import { sipGateways, storageProfiles } from '@switchboard/model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../test-utils';
import { ResourceEdit } from './ResourceEdit';

const routes = [
  { path: '/routing/sip-gateways', element: null },
  { path: '/routing/sip-gateways/register/:id', element: <ResourceEdit def={sipGateways} variant="register" /> },
  { path: '/routing/sip-gateways/trunking/:id', element: <ResourceEdit def={sipGateways} variant="trunking" /> },
];
const noFlows = (c: { path: string }) =>
  c.path === '/routing/schema' ? { body: { items: [], next: false } } : undefined;

afterEach(() => vi.unstubAllGlobals());

describe('ResourceEdit with variants', () => {
  it('shows and sends fields of a nested settings object (storage properties) by their dotted path', async () => {
    const api = fakeApi((c) => (c.method === 'POST' ? { status: 201, body: { id: 4 } } : undefined));
    renderRoutes(
      [
        { path: '/integrations/storage', element: null },
        { path: '/integrations/storage/s3/:id', element: <ResourceEdit def={storageProfiles} variant="s3" /> },
      ],
      '/integrations/storage/s3/new',
    );
    expect(await screen.findByRole('textbox', { name: /^Path pattern/ })).toHaveValue('$DOMAIN/$Y/$M/$D');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'records');
    await userEvent.type(screen.getByRole('textbox', { name: /^Key id/ }), 'AKIA1');
    expect(screen.getByRole('textbox', { name: /^Key id/ })).toHaveValue('AKIA1');
    await userEvent.type(screen.getByLabelText(/^Secret access key/, { selector: 'input' }), 'secret');
    await userEvent.type(screen.getByRole('textbox', { name: /^Bucket/ }), 'b');
    await userEvent.type(screen.getByRole('textbox', { name: /^Endpoint URL/ }), 'https://s3.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('POST', '/storage/backend_profiles')).toHaveLength(1));
    expect(api.of('POST', '/storage/backend_profiles')[0].body).toMatchObject({
      type: 's3',
      properties: {
        keyId: 'AKIA1',
        accessKey: 'secret',
        bucketName: 'b',
        endpoint: 'https://s3.example.com',
        region: 'us-east-1',
        pathPattern: '$DOMAIN/$Y/$M/$D',
      },
    });
  });

  it('keeps a stored private key (a long secret): empty, not required, and sent empty to keep it', async () => {
    const stored = {
      id: 7,
      name: 'drive',
      type: 'drive',
      maxSize: 10,
      expireDays: 30,
      priority: 0,
      disabled: false,
      properties: { directory: 'folder-1', email: 'sa@p.iam.gserviceaccount.com' },
      secretsSet: ['privateKey'],
    };
    const api = fakeApi((c) =>
      c.path === '/storage/backend_profiles/7' ? { body: c.method === 'GET' ? stored : { ...stored } } : undefined,
    );
    renderRoutes(
      [
        { path: '/integrations/storage', element: null },
        { path: '/integrations/storage/drive/:id', element: <ResourceEdit def={storageProfiles} variant="drive" /> },
      ],
      '/integrations/storage/drive/7',
    );
    const key = await screen.findByRole('textbox', { name: /^Private key/ });
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('placeholder', 'Set — leave empty to keep');
    expect(key).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Folder id/ })).toHaveValue('folder-1');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), '-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT' || c.method === 'PATCH')).toHaveLength(1));
    const sent = api.calls.find((c) => c.method === 'PUT' || c.method === 'PATCH')!.body as {
      properties: Record<string, string>;
    };
    expect(sent.properties.privateKey ?? '').toBe('');
  });

  it("shows the variant's fields, starts from its defaults and names what it requires before sending", async () => {
    const api = fakeApi(noFlows);
    renderRoutes(routes, '/routing/sip-gateways/register/new');
    expect(await screen.findByRole('textbox', { name: /Account \(SIP URI\)/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Expires, seconds/ })).toHaveValue('600');
    expect(screen.queryByRole('textbox', { name: /^Host/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'IP access list' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'gw');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Account and proxy from the variant's required list, the password from its check.
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('edits rows: adds with the row defaults, removes, and files row errors under their cell', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/sip/gateways' && c.method === 'POST') return { status: 201, body: { id: 3 } };
      if (c.path === '/sip/gateways/3') return { body: { id: 3, name: 'trunk', register: false } };
      return noFlows(c);
    });
    renderRoutes(routes, '/routing/sip-gateways/trunking/new');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'trunk');
    await userEvent.type(screen.getByRole('textbox', { name: /^Host/ }), 'sbc.example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /^Proxy/ }), '10.0.0.1');
    await userEvent.click(screen.getByRole('tab', { name: 'IP access list' }));
    const add = screen.getByRole('button', { name: 'Add an address' });
    await userEvent.click(add);
    await userEvent.click(add);
    const table = screen.getByTestId('rows-ipacl');
    const ips = () => within(table).getAllByRole('textbox', { name: 'IP address' });
    expect(ips()).toHaveLength(2);
    await userEvent.type(ips()[0], '10.0.0.7');
    await userEvent.type(ips()[1], '300.1.1.1');
    await userEvent.click(within(table).getAllByRole('button', { name: 'Remove row' })[0]);
    expect(ips()).toHaveLength(1);
    expect(ips()[0]).toHaveValue('300.1.1.1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(table).findByText('Should look like IPv4')).toBeInTheDocument();
    expect(ips()[0]).toHaveAttribute('aria-invalid', 'true');
    expect(api.of('POST', '/sip/gateways')).toHaveLength(0);

    await userEvent.clear(ips()[0]);
    await userEvent.type(ips()[0], '10.0.0.8');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('POST', '/sip/gateways')).toHaveLength(1));
    expect(api.of('POST', '/sip/gateways')[0]?.body).toMatchObject({
      register: false,
      host: 'sbc.example.com',
      ipacl: [{ ip: '10.0.0.8', proto: 'any', port: null }],
    });
  }, 90_000);
});
