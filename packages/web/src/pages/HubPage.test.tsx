import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testUser } from '../app/test-utils';

vi.mock('../areas/routes', () => ({ adminRoutes: [] }));

const config = {
  apiBase: '/api',
  apps: { admin: '/start', agent: 'https://agent.example', history: '/history', grafana: '/grafana' },
};

describe('HubPage', () => {
  it('links only the applications the roles allow', async () => {
    const user = testUser({}, { access: { admin: { access: 3 }, agent: { access: 2 }, history: { access: 1 } } });
    renderApp('/', { user, config });
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/start');
    expect(screen.getByRole('link', { name: 'Agent Workspace' })).toHaveAttribute('href', 'https://agent.example');
    expect(screen.queryByRole('link', { name: 'Call History' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboards' })).toBeNull();
  });

  it('says so when no application is allowed', async () => {
    renderApp('/', { user: testUser({}, { access: {} }), config });
    expect(await screen.findByText('Your roles give access to no application.')).toBeInTheDocument();
  });
});
