import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { AgentsList } from './AgentsList';

afterEach(() => vi.unstubAllGlobals());

describe('AgentsList', () => {
  it('lists agents with their status and asks for supervisors only when switched', async () => {
    const api = fakeApi((c) => {
      if (c.method === 'GET' && c.path === '/call_center/agents')
        return {
          body: {
            items: [
              {
                id: 3,
                name: 'Grace',
                team: { id: 1, name: 'Sales' },
                supervisor: [{ id: 9, name: 'Boss' }],
                status: 'breakOut',
                statusPayload: '',
                statusDuration: 100_000,
              },
            ],
            next: false,
          },
        };
      return { body: { items: [], next: false } };
    });
    renderRoutes([{ path: '/contact-center/agents', element: <AgentsList /> }], '/contact-center/agents');
    expect(await screen.findByText('Grace')).toBeInTheDocument();
    expect(screen.getByText('Break out')).toBeInTheDocument();
    expect(screen.getByText('Boss')).toBeInTheDocument();
    expect(screen.getByTestId('agent-duration-3')).toHaveTextContent('>24:00:00');
    expect(api.of('GET', '/call_center/agents').every((c) => !c.query.has('isSupervisor'))).toBe(true);
    await userEvent.click(screen.getByRole('switch', { name: 'Supervisors only' }));
    await waitFor(() =>
      expect(api.of('GET', '/call_center/agents').some((c) => c.query.get('isSupervisor') === 'true')).toBe(true),
    );
  });
});
