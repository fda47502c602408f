import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Row } from '../../../kit/list/Cell';
import { ADMIN, fakeApi, renderRoutes } from '../../../kit/test-utils';
import { AgentStatusCell } from './AgentStatus';

afterEach(() => vi.unstubAllGlobals());

const row = (over: Record<string, unknown> = {}): Row => ({
  id: 5,
  name: 'Anna',
  status: 'online',
  statusPayload: '',
  statusDuration: 65,
  ...over,
});

const at = (r: Row, user = ADMIN) => renderRoutes([{ path: '/', element: <AgentStatusCell row={r} /> }], '/', user);

describe('AgentStatusCell', () => {
  it('shows the status with its duration, and >24:00:00 past a day', async () => {
    fakeApi(() => ({ body: { items: [], next: false } }));
    at(row({ status: 'pause', statusPayload: 'Lunch', statusDuration: 86_401 }));
    expect(await screen.findByText('Pause: Lunch')).toBeInTheDocument();
    expect(screen.getByTestId('agent-duration-5')).toHaveTextContent('>24:00:00');
  });

  it('offers online, offline and the pause causes allowing administrators, and sets the one chosen', async () => {
    const api = fakeApi((c) => {
      if (c.method === 'GET' && c.path === '/call_center/pause_causes')
        return {
          body: {
            items: [
              { id: 1, name: 'Lunch', allowAdmin: true },
              { id: 2, name: 'Training', allowAdmin: false },
            ],
            next: false,
          },
        };
      if (c.method === 'PUT' && c.path === '/call_center/agents/5/status') return { body: row({ status: 'pause' }) };
      return undefined;
    });
    at(row());
    expect(screen.getByTestId('agent-duration-5')).toHaveTextContent('00:01:05');
    await waitFor(() => expect(api.of('GET', '/call_center/pause_causes')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Set status' }));
    expect(await screen.findByRole('menuitem', { name: 'Offline' })).toBeInTheDocument();
    const lunch = await screen.findByText('Lunch');
    expect(screen.queryByText('Training')).toBeNull();
    await userEvent.click(lunch);
    await waitFor(() => expect(api.of('PUT', '/call_center/agents/5/status')).toHaveLength(1));
    expect(api.of('PUT', '/call_center/agents/5/status')[0].body).toEqual({ status: 'pause', pauseCause: { id: 1 } });
  });

  it('offers no menu to a user who may not edit agents', async () => {
    const api = fakeApi(() => ({ body: { items: [], next: false } }));
    at(row(), {
      ...ADMIN,
      permissions: ['read'],
      scope: [{ class: 'cc_agent', access: 'r', obac: true, rbac: false }],
    });
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set status' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
