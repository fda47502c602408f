import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test-utils';
import { EntryView, type LogEntry } from './EntryView';

const entry = (newState: unknown, oldState: unknown = null): LogEntry => ({
  id: 1,
  action: 'update',
  object: 'queues',
  recordId: 4,
  record: 'Sales',
  date: '2026-11-27T10:00:00Z',
  user: { id: 1, name: 'Admin' },
  userIp: '127.0.0.1',
  newState,
  oldState,
});

const show = (e: LogEntry) => renderRoutes([{ path: '/', element: <EntryView entry={e} onClose={() => {}} /> }], '/');

describe('EntryView', () => {
  it('says a bulk change in a sentence rather than as dotted fields', async () => {
    show(entry({ bulk: { action: 'delete', filter: { cause: 'abandoned' }, count: 120 } }));
    expect(await screen.findByTestId('entry-sentence')).toHaveTextContent(
      'Deleted 120 members (filter: End cause = Abandoned)',
    );
    expect(screen.queryByTestId('entry-fields')).toBeNull();
    expect(screen.queryByText('bulk.count')).toBeNull();
  });

  it('shows an ordinary update as the fields that changed', async () => {
    show(entry({ name: 'Sales 2' }, { name: 'Sales' }));
    expect(await screen.findByTestId('entry-fields')).toHaveTextContent('Sales 2');
    expect(screen.queryByTestId('entry-sentence')).toBeNull();
  });
});
