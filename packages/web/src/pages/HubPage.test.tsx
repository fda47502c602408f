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

  it('shows an allowed application without a configured link disabled, with a hint and no link', async () => {
    const user = testUser({}, { access: { admin: { access: 3 }, supervisor: { access: 2 }, audit: { access: 2 } } });
    const { container } = renderApp('/', { user, config: { apiBase: '/api', apps: { admin: '/start' } } });
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/start');
    expect(screen.queryByRole('link', { name: 'Supervisor Workspace' })).toBeNull();
    const card = container.querySelector('[data-app="supervisor"]');
    expect(card).toHaveAttribute('aria-disabled', 'true');
    expect(card).toHaveTextContent('Not set up on this server: APP_SUPERVISOR_URL has no link.');
    expect(container.querySelector('[data-app="audit"]')).toHaveTextContent('APP_AUDIT_URL');
    expect(document.title).toBe('Applications · Switchboard');
  });

  it('says so when no application is allowed', async () => {
    renderApp('/', { user: testUser({}, { access: {} }), config });
    expect(await screen.findByText('Your roles give access to no application.')).toBeInTheDocument();
  });
});
