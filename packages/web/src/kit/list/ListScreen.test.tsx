import { notifications } from '@mantine/notifications';
import {
  blacklistNumbers,
  blacklistNumbersPath,
  communicationTypes,
  devices,
  type ScopeEntry,
  users,
} from '@switchboard/model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, type Call, fakeApi, renderRoutes } from '../test-utils';
import { ListScreen } from './ListScreen';
import { NestedList } from './NestedList';

type User = {
  id: number;
  name: string;
  username: string;
  extension: string;
  presence: { status: string };
  dnd: boolean;
};

const people = (n: number): User[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Person ${String(i + 1).padStart(2, '0')}`,
    username: `user${String(n - i).padStart(2, '0')}`,
    extension: String(100 + i),
    presence: { status: '' },
    dnd: false,
  }));

/** A fake `/users` list that pages, sorts and searches like the API: size+1 rows tell `next`. */
function listOf(rows: User[]) {
  return (call: Call) => {
    const page = Number(call.query.get('page'));
    const size = Number(call.query.get('size'));
    const sort = call.query.get('sort') ?? '+name';
    const field = sort.slice(1) as 'name' | 'username';
    const q = call.query.get('q');
    const found = rows
      .filter((r) => !q || r.name.toLowerCase().startsWith(q.replace(/\*$/, '').toLowerCase()))
      .sort((a, b) => a[field].localeCompare(b[field]) * (sort.startsWith('-') ? -1 : 1));
    const slice = found.slice((page - 1) * size, page * size + 1);
    return { body: { items: slice.slice(0, size), next: slice.length > size } };
  };
}

const TITLE = 'Users';
const routes = [
  { path: '/directory/users', element: <ListScreen def={users} title={TITLE} /> },
  { path: '/directory/users/:id', element: null },
];
const lastList = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/users').at(-1);

afterEach(() => vi.unstubAllGlobals());

describe('ListScreen', () => {
  it('asks for the first page of 10 in the default order and shows the columns of the definition', async () => {
    const api = fakeApi((c) => (c.path === '/users' ? listOf(people(3))(c) : undefined));
    renderRoutes(routes, '/directory/users');
    expect(await screen.findByText('Person 01')).toBeInTheDocument();
    const call = lastList(api.calls)!;
    expect(call.query.get('page')).toBe('1');
    expect(call.query.get('size')).toBe('10');
    expect(call.query.get('sort')).toBe('+name');
    // The fields the server computes for the viewer come along (users: protected, protectedBy).
    expect(call.query.getAll('fields')).toEqual([...users.listFields, ...(users.viewerFields ?? [])]);
    for (const header of ['Name', 'Username', 'Extension']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeInTheDocument();
    }
  });

  it('sorts by a header: the first click ascending, the next descending', async () => {
    const api = fakeApi((c) => (c.path === '/users' ? listOf(people(3))(c) : undefined));
    const { router } = renderRoutes(routes, '/directory/users');
    await screen.findByText('Person 01');
    const header = screen.getByRole('columnheader', { name: /Username/ });
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastList(api.calls)?.query.get('sort')).toBe('+username'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(router.state.location.search).toContain('sort=%2Busername');
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastList(api.calls)?.query.get('sort')).toBe('-username'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('user03')).toBeInTheDocument();
  });

  it('pages forward while the API says there is a next page, and back', async () => {
    const api = fakeApi((c) => (c.path === '/users' ? listOf(people(25))(c) : undefined));
    const { router } = renderRoutes(routes, '/directory/users');
    await screen.findByText('Person 01');
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(lastList(api.calls)?.query.get('page')).toBe('2');
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.click(next);
    expect(await screen.findByText('Person 25')).toBeInTheDocument();
    await waitFor(() => expect(next).toBeDisabled());
    await userEvent.click(previous);
    expect(await screen.findByText('Person 20')).toBeInTheDocument();
    expect(lastList(api.calls)?.query.get('page')).toBe('2');
  });

  it('steps back one page when a page beyond the first comes back empty', async () => {
    const api = fakeApi((c) => (c.path === '/users' ? listOf(people(15))(c) : undefined));
    const { router } = renderRoutes(routes, '/directory/users?page=3');
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    const pages = api.calls.filter((c) => c.path === '/users').map((c) => c.query.get('page'));
    expect(pages).toEqual(['3', '2']);
    expect(router.state.location.search).toBe('?page=2');
  });

  it('searches with the trailing * and keeps the plain term in the URL', async () => {
    const api = fakeApi((c) => (c.path === '/users' ? listOf(people(12))(c) : undefined));
    const { router } = renderRoutes(routes, '/directory/users?page=2');
    await screen.findByText('Person 11');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'person 0{Enter}');
    await waitFor(() => expect(lastList(api.calls)?.query.get('q')).toBe('person 0*'));
    expect(lastList(api.calls)?.query.get('page')).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('person 0');
    expect(await screen.findByText('Person 09')).toBeInTheDocument();
  });

  it('tells an empty list from a search without results', async () => {
    fakeApi((c) => (c.path === '/users' ? listOf([])(c) : undefined));
    renderRoutes(routes, '/directory/users');
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all rows on the page' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'nobody{Enter}');
    expect(await screen.findByText('Search gave no results')).toBeInTheDocument();
  });

  it('deletes the selected rows in one call, only after the confirmation', async () => {
    let rows = people(3);
    const api = fakeApi((c) => {
      if (c.path !== '/users') return undefined;
      if (c.method === 'DELETE') {
        const ids = c.query.getAll('id').map(Number);
        rows = rows.filter((r) => !ids.includes(r.id));
        return { status: 204 };
      }
      return listOf(rows)(c);
    });
    renderRoutes(routes, '/directory/users');
    await screen.findByText('Person 01');
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.of('DELETE', '/users')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Person 01')).not.toBeInTheDocument());
    const [deleted] = api.of('DELETE', '/users');
    expect(deleted?.query.getAll('id')).toEqual(['1', '3']);
    expect(screen.getByText('Person 02')).toBeInTheDocument();
    expect(screen.queryByText('Person 03')).not.toBeInTheDocument();
  });

  it('names the record a single delete removes, and says it is gone', async () => {
    let rows = people(2);
    const shown = vi.spyOn(notifications, 'show');
    const api = fakeApi((c) => {
      if (c.method === 'DELETE' && c.path === '/users/2') {
        rows = rows.filter((r) => r.id !== 2);
        return { status: 204 };
      }
      return c.path === '/users' ? listOf(rows)(c) : undefined;
    });
    renderRoutes(routes, '/directory/users');
    await screen.findByText('Person 02');
    const row = screen.getByText('Person 02').closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete "Person 02"? This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Person 02')).not.toBeInTheDocument());
    expect(api.of('DELETE', '/users/2')).toHaveLength(1);
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', message: '"Person 02" deleted' }));
  });

  it('offers page sizes 10, 25, 50 and 100: a choice lands in the URL and starts from page 1', async () => {
    const api = fakeApi((c) => (c.path === '/users' ? listOf(people(60))(c) : undefined));
    const { router } = renderRoutes(routes, '/directory/users?page=2');
    await screen.findByText('Person 11');
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(size).toHaveValue('10');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await userEvent.selectOptions(size, '25');
    await waitFor(() => expect(lastList(api.calls)?.query.get('size')).toBe('25'));
    expect(lastList(api.calls)?.query.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?size=25');
    expect(await screen.findByText('Person 25')).toBeInTheDocument();
  });

  it('renders the filters of the definition and sends the chosen values, kept in the URL', async () => {
    const phone = { id: 1, name: 'Mobile', channel: 'phone', code: 'm', description: '' };
    const api = fakeApi((c) =>
      c.path === communicationTypes.path ? { body: { items: [phone], next: false } } : undefined,
    );
    const { router } = renderRoutes(
      [{ path: '/lookups/communications', element: <ListScreen def={communicationTypes} title="Types" /> }],
      '/lookups/communications?page=2',
    );
    const filter = await screen.findByRole('combobox', { name: 'Channel' });
    await userEvent.click(filter);
    await userEvent.click(await screen.findByRole('option', { name: 'Email', hidden: true }));
    const last = () => api.of('GET', communicationTypes.path).at(-1)!;
    await waitFor(() => expect(last().query.getAll('channel')).toEqual(['email']));
    expect(last().query.get('page')).toBe('1');
    expect(router.state.location.search).toBe('?channel=email');
  });

  it('keeps the state of a nested list under its own name, beside the other params of the screen', async () => {
    const path = blacklistNumbersPath(7);
    const numbers = Array.from({ length: 11 }, (_, i) => ({
      id: i + 1,
      listId: 7,
      number: `+38010${String(i).padStart(2, '0')}`,
      description: '',
      expireAt: null,
    }));
    const api = fakeApi((c) =>
      c.path === path
        ? {
            body: {
              items: numbers.slice(c.query.get('page') === '2' ? 10 : 0).slice(0, 10),
              next: c.query.get('page') !== '2',
            },
          }
        : undefined,
    );
    const { router } = renderRoutes(
      [{ path: '/lookups/blacklist/7', element: <NestedList def={blacklistNumbers} parentId={7} title="Numbers" /> }],
      '/lookups/blacklist/7?tab=numbers&page=4',
    );
    await screen.findByText('+3801000');
    // The screen's own `page` is not the nested list's.
    expect(api.of('GET', path)[0]?.query.get('page')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('+3801010')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('blacklistNumbers.page')).toBe('2');
    expect(params.get('page')).toBe('4');
    expect(params.get('tab')).toBe('numbers');
    // Rows open below the parent's editor, remembering the way back.
    const link = screen.getByRole('link', { name: '+3801010' });
    expect(link).toHaveAttribute('href', '/lookups/blacklist/7/11');
  });

  it('PATCHes an inline toggle and reads the list again, so derived columns and failures show', async () => {
    const rows = people(2);
    const api = fakeApi((c) => {
      if (c.method === 'PATCH' && c.path === '/users/2') return { status: 500, body: { detail: 'Boom' } };
      if (c.method === 'PATCH' && c.path === '/users/1') {
        // Like the API: do-not-disturb also sets the presence status.
        rows[0]!.dnd = true;
        rows[0]!.presence = { status: 'dnd' };
        return { body: rows[0] };
      }
      return c.path === '/users' ? listOf(rows)(c) : undefined;
    });
    renderRoutes(routes, '/directory/users');
    await screen.findByText('Person 01');
    const [first, second] = screen.getAllByRole('switch', { name: 'Do not disturb' });
    await userEvent.click(first!);
    await waitFor(() => expect(api.of('PATCH', '/users/1')).toHaveLength(1));
    expect(api.of('PATCH', '/users/1')[0]?.body).toEqual({ dnd: true });
    expect(first).toBeChecked();
    // The status column follows the toggle without a manual refresh.
    expect(await screen.findByText('dnd')).toBeInTheDocument();
    const before = api.of('GET', '/users').length;
    expect(before).toBe(2);

    await userEvent.click(second!);
    await waitFor(() => expect(api.of('GET', '/users').length).toBe(before + 1));
    await waitFor(() => expect(screen.getAllByRole('switch', { name: 'Do not disturb' })[1]).not.toBeChecked());
  });

  it('shows add, edit, delete and selection only when the scope allows them', async () => {
    fakeApi((c) => (c.path === '/users' ? listOf(people(2))(c) : undefined));
    const scope: ScopeEntry[] = [{ class: 'users', access: 'r', obac: true, rbac: false }];
    renderRoutes(routes, '/directory/users', { ...ADMIN, permissions: [], scope });
    await screen.findByText('Person 01');
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeDisabled();
  });

  it('offers add, edit and delete of a nested record to whoever may edit its parent, as the server does', async () => {
    const path = blacklistNumbersPath(7);
    const number = { id: 3, listId: 7, number: '+3801', description: '', expireAt: null };
    fakeApi((c) => (c.path === path ? { body: { items: [number], next: false } } : undefined));
    const nested = [
      { path: '/lookups/blacklist/7', element: <ListScreen def={blacklistNumbers} path={path} title="Numbers" /> },
      { path: '/lookups/blacklist/7/:id', element: null },
    ];
    // `rw` on the list's class and no `x` nor `d`: the server lets numbers be added and removed.
    const scope: ScopeEntry[] = [{ class: 'cc_list', access: 'rw', obac: true, rbac: false }];
    renderRoutes(nested, '/lookups/blacklist/7', { ...ADMIN, permissions: [], scope });
    await screen.findByText('+3801');
    expect(screen.getByRole('link', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
  });

  it('offers CSV import of a resource that declares it only with the create right', async () => {
    fakeApi((c) => (c.path === '/devices' ? { body: { items: [], next: false } } : undefined));
    const list = [{ path: '/directory/devices', element: <ListScreen def={devices} title="Devices" /> }];
    const editor: ScopeEntry[] = [{ class: 'devices', access: 'rw', obac: true, rbac: false }];
    const view = renderRoutes(list, '/directory/devices', { ...ADMIN, permissions: [], scope: editor });
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    view.unmount();
    const creator: ScopeEntry[] = [{ class: 'devices', access: 'rx', obac: true, rbac: false }];
    renderRoutes(list, '/directory/devices', { ...ADMIN, permissions: [], scope: creator });
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('dialog', { name: 'Import from a CSV file' })).toBeInTheDocument();
  });

  it('patches a row on a live event and reads the page again, without a reload', async () => {
    const sources: { url: string; emit: (type: string, data: unknown) => void }[] = [];
    class FakeEventSource {
      static CLOSED = 2;
      readyState = 0;
      onopen = null;
      onerror = null;
      private handlers = new Map<string, (e: { data: string }) => void>();
      constructor(readonly url: string) {
        sources.push({ url, emit: (type, data) => this.handlers.get(type)?.({ data: JSON.stringify(data) }) });
      }
      addEventListener(type: string, fn: (e: { data: string }) => void) {
        this.handlers.set(type, fn);
      }
      close() {
        this.readyState = 2;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    localStorage.setItem('access-token', 'tok');
    const rows = people(2);
    const api = fakeApi((c) => (c.path === '/users' ? listOf(rows)(c) : undefined));
    renderRoutes(
      [{ path: '/directory/users', element: <ListScreen def={users} title={TITLE} live="users" /> }],
      '/directory/users',
    );
    await screen.findByText('Person 01');
    await waitFor(() => expect(sources).toHaveLength(1));
    expect(sources[0].url).toContain('topics=users');
    const reads = api.calls.filter((c) => c.path === '/users').length;
    rows[0] = { ...rows[0], extension: '555' };
    sources[0].emit('users', { id: 1, extension: '555', unknownField: 'ignored' });
    expect(await screen.findByText('555')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/users').length).toBeGreaterThan(reads));
    expect(screen.queryByText('ignored')).not.toBeInTheDocument();
  });
});
