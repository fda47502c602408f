import { queuePayloadDefaults, queues } from '@switchboard/model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListScreen } from '../../../kit/list/ListScreen';
import { type Call, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { QueueEdit } from './QueueEdit';

const routes = [
  { path: '/contact-center/queues', element: <ListScreen def={queues} title="Queues" /> },
  { path: '/contact-center/queues/:id', element: <QueueEdit /> },
];
const empty = { body: { items: [], next: false } };

const saved = {
  id: 7,
  name: 'Support line',
  description: '',
  type: 1,
  priority: 2,
  strategy: 'fifo',
  calendar: { id: 3, name: 'Office hours' },
  dncList: null,
  team: null,
  ringtone: null,
  grantee: null,
  schema: null,
  doSchema: null,
  afterSchema: null,
  formSchema: null,
  variables: { lang: 'en' },
  stickyAgent: false,
  taskProcessing: { enabled: false, formSchema: null, sec: 30, renewalSec: 15 },
  payload: queuePayloadDefaults(1),
  maxOfRetry: 0,
  timeout: 0,
  secBetweenRetries: 0,
  enabled: true,
  active: 2,
  waiting: 5,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('queues in the console', () => {
  it('chooses the type first, then shows that type’s tabs, defaults and the max tasks warning', async () => {
    const api = fakeApi((c) => (c.method === 'GET' ? empty : undefined));
    renderRoutes(routes, '/contact-center/queues/new');
    await userEvent.click(await screen.findByTestId('queue-type-predictive'));
    expect(await screen.findByRole('heading', { name: 'New: Predictive dialer' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Type/ })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'AMD' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Params' }));
    expect(screen.getByRole('textbox', { name: /^Max wait time/ })).toHaveValue('10');
    const maxCalls = screen.getByRole('textbox', { name: /^Max tasks/ });
    expect(maxCalls).toHaveValue('10');
    expect(screen.queryByTestId('max-calls-zero')).not.toBeInTheDocument();
    await userEvent.clear(maxCalls);
    await userEvent.type(maxCalls, '0');
    expect(screen.getByTestId('max-calls-zero')).toHaveTextContent(
      'Queue max tasks of 0 means the dialer will not call.',
    );
    // Sticky agent wait shows only while sticky agent is on.
    expect(screen.queryByRole('textbox', { name: /^Sticky agent wait/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Sticky agent' }));
    expect(screen.getByRole('textbox', { name: /^Sticky agent wait/ })).toHaveValue('5');
    // The calendar is required: nothing is sent without it.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).not.toHaveLength(0);
    expect(api.of('POST', '/call_center/queues')).toHaveLength(0);
  });

  it('sends variables as a map without rows of empty keys, and keeps the type of a saved queue', async () => {
    const api = fakeApi((c: Call) => {
      if (c.method === 'GET' && c.path === '/call_center/queues/7') return { body: saved };
      if (c.method === 'PUT') return { body: saved };
      return c.method === 'GET' ? empty : undefined;
    });
    renderRoutes(routes, '/contact-center/queues/7');
    expect(await screen.findByRole('heading', { name: 'Support line' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveValue('Inbound queue');
    expect(screen.getByRole('combobox', { name: /^Type/ })).toBeDisabled();
    expect(screen.queryByRole('tab', { name: 'AMD' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Variables' }));
    const table = screen.getByRole('table', { name: 'Variables' });
    expect(within(table).getAllByRole('textbox', { name: 'Key' })[0]).toHaveValue('lang');
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await userEvent.type(within(table).getAllByRole('textbox', { name: 'Value' })[1]!, 'orphan');
    await userEvent.click(screen.getByRole('button', { name: 'Add row' }));
    await userEvent.type(within(table).getAllByRole('textbox', { name: 'Key' })[2]!, 'region');
    await userEvent.type(within(table).getAllByRole('textbox', { name: 'Value' })[2]!, 'eu');
    // A row being typed stays on screen even while its key is empty.
    expect(within(table).getAllByRole('textbox', { name: 'Key' })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.of('PUT', '/call_center/queues/7')).toHaveLength(1));
    const body = api.of('PUT', '/call_center/queues/7')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 1, payload: { maxWaitTime: 3600, timeBaseScore: 'queue' } });
    expect(body.variables).toEqual({ lang: 'en', region: 'eu' });
  });

  it('enables or disables the selected queues in one call', async () => {
    const rows = [
      { ...saved, id: 1, name: 'One', enabled: false },
      { ...saved, id: 2, name: 'Two', type: 5, enabled: false },
    ];
    const api = fakeApi((c) => {
      if (c.path !== '/call_center/queues') return c.method === 'GET' ? empty : undefined;
      if (c.method === 'PATCH') return { body: { items: c.query.getAll('id').map((id) => ({ id: Number(id) })) } };
      return { body: { items: rows, next: false } };
    });
    renderRoutes(routes, '/contact-center/queues');
    expect(await screen.findByRole('cell', { name: 'Predictive dialer' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Active calls/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /State/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable (2)' })).not.toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox', { name: 'Select row' })) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Enable (2)' }));
    await waitFor(() => expect(api.of('PATCH', '/call_center/queues')).toHaveLength(1));
    const [call] = api.of('PATCH', '/call_center/queues');
    expect(call.query.getAll('id')).toEqual(['1', '2']);
    expect(call.body).toEqual({ enabled: true });
  });
});
