import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { CalendarEdit } from './CalendarEdit';

const routes = [
  { path: '/lookups/calendars', element: null },
  { path: '/lookups/calendars/:id', element: <CalendarEdit /> },
];

describe('CalendarEdit', () => {
  it('asks for the start and the end only once the calendar expires', async () => {
    fakeApi(() => undefined);
    renderRoutes(routes, '/lookups/calendars/new');
    expect(await screen.findByRole('heading', { name: 'New calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Start' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Expires' }));
    expect(screen.getByRole('textbox', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'End' })).toBeInTheDocument();
  });
});
