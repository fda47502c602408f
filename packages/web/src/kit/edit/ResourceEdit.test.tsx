import { regions } from '@switchboard/model';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../test-utils';
import { ResourceEdit } from './ResourceEdit';

const routes = [
  { path: '/lookups/regions', element: null },
  { path: '/lookups/regions/:id', element: <ResourceEdit def={regions} /> },
];
const ZONES = [
  { id: 'Europe/Berlin', name: 'Europe/Berlin', offset: '+01:00' },
  { id: 'Europe/Kirov', name: 'Europe/Kirov', offset: '+03:00' },
];

afterEach(() => vi.unstubAllGlobals());

describe('ResourceEdit', () => {
  it('renders the definition form with labels by convention and names the required fields before sending', async () => {
    const api = fakeApi((c) =>
      c.path === '/calendars/timezones' ? { body: { items: ZONES, next: false } } : undefined,
    );
    renderRoutes(routes, '/lookups/regions/new');
    expect(await screen.findByRole('heading', { name: 'New region' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'General' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('creates a record with the time zone chosen from the searched catalog, the offset shown and not sent', async () => {
    const api = fakeApi((c) => {
      if (c.path === '/calendars/timezones') {
        const q = (c.query.get('q') ?? '').replace(/\*$/, '').toLowerCase();
        return { body: { items: ZONES.filter((z) => z.name.toLowerCase().startsWith(q)), next: false } };
      }
      if (c.path === '/regions' && c.method === 'POST') return { status: 201, body: { id: 4, ...(c.body as object) } };
      if (c.path === '/regions/4') return { body: { id: 4, name: 'North', timezone: { name: 'Europe/Kirov' } } };
      return undefined;
    });
    const { router } = renderRoutes(routes, '/lookups/regions/new');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'North');
    const zone = screen.getByLabelText(/Time zone/, { selector: 'input' });
    await userEvent.type(zone, 'europe/ki');
    await waitFor(() => expect(api.of('GET', '/calendars/timezones').at(-1)?.query.get('q')).toBe('europe/ki*'));
    // jsdom runs no transitions, so the open dropdown still counts as hidden.
    await userEvent.click(await screen.findByRole('option', { name: 'Europe/Kirov (+03:00)', hidden: true }));
    const searches = api.of('GET', '/calendars/timezones').map((c) => c.query.get('q'));
    expect(searches).toContain('europe/ki*');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lookups/regions/4'));
    expect(api.of('POST', '/regions')[0]?.body).toEqual({
      name: 'North',
      timezone: { name: 'Europe/Kirov' },
      description: '',
    });
    expect(await screen.findByRole('heading', { name: 'North' })).toBeInTheDocument();
  });

  it('keeps what is typed while the saved record is read again, and shows it as unsaved', async () => {
    let held: ((reply: { body: unknown }) => void) | undefined;
    const stored = { id: 4, name: 'North', timezone: { name: 'Europe/Kirov' }, description: '' };
    const api = fakeApi((c) => {
      if (c.path === '/regions/4' && c.method === 'PUT') {
        Object.assign(stored, c.body);
        return { body: stored };
      }
      if (c.path === '/regions/4') {
        // The read after the save is held until the user has typed.
        if (api.of('PUT', '/regions/4').length === 0) return { body: { ...stored } };
        return new Promise((resolve) => {
          held = resolve;
        });
      }
      return undefined;
    });
    renderRoutes(routes, '/lookups/regions/4');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'North-East');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(held).toBeDefined());
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'cold');
    held?.({ body: { ...stored } });
    await waitFor(() => expect(api.of('GET', '/regions/4')).toHaveLength(2));
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('cold');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('North-East');
    expect(api.of('PUT', '/regions/4')[0]?.body).toMatchObject({ name: 'North-East', description: '' });
  });
});
