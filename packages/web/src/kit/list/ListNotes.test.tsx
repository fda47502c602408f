import { devices, flows, regions } from '@switchboard/model';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderRoutes } from '../test-utils';
import { ListNotes, narrowedByRecordRights } from './ListNotes';

const reader = (rbac: boolean, permissions: typeof ADMIN.permissions = []) => ({
  ...ADMIN,
  permissions,
  scope: [{ class: 'devices', access: 'r', obac: true, rbac }],
});

describe('list notes', () => {
  it('know when record checks may hide rows from the user', () => {
    expect(narrowedByRecordRights(devices, reader(true))).toBe(true);
    expect(narrowedByRecordRights(devices, reader(false))).toBe(false);
    // The global read permission reads every record; a class without record permissions is never narrowed.
    expect(narrowedByRecordRights(devices, reader(true, ['read']))).toBe(false);
    expect(narrowedByRecordRights(regions, reader(true))).toBe(false);
  });

  it.each([
    [{ searched: false, filtered: false }, 'No records yet'],
    [{ searched: true, filtered: false }, 'Search gave no results'],
    [{ searched: true, filtered: true }, 'No records match the filter'],
    [{ searched: false, filtered: true }, 'No records match the filter'],
  ])('say what an empty list means (%o)', async (props, text) => {
    renderRoutes([{ path: '/', element: <ListNotes def={flows} empty {...props} /> }], '/');
    expect(await screen.findByTestId('list-empty')).toHaveTextContent(text);
    expect(screen.queryByTestId('list-hidden-note')).toBeNull();
  });

  it('say that some records may be hidden, with rows on screen too', async () => {
    renderRoutes(
      [{ path: '/', element: <ListNotes def={devices} empty={false} searched={false} filtered={false} /> }],
      '/',
      reader(true),
    );
    expect(await screen.findByTestId('list-hidden-note')).toHaveTextContent(
      'Some records may be hidden by permissions',
    );
    expect(screen.queryByTestId('list-empty')).toBeNull();
  });
});
