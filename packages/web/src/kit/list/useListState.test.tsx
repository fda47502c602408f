import type { ListFilter } from '@switchboard/model';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { nextSort, pageSize, searchTerm, useListState } from './useListState';

const FILTERS: ListFilter[] = [{ kind: 'enum', key: 'channel', options: ['phone', 'email'], multiple: true }];

function setup(url: string, options?: Parameters<typeof useListState>[1]) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useListState('+name', options), { wrapper });
  return { hook, router: () => router! };
}

describe('useListState', () => {
  it('adds the trailing * to a search once, and drops an empty one', () => {
    expect(searchTerm('ali')).toBe('ali*');
    expect(searchTerm(' ali* ')).toBe('ali*');
    expect(searchTerm('  ')).toBeUndefined();
  });

  it('toggles a header between ascending and descending', () => {
    expect(nextSort('+name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('+name');
    expect(nextSort('-name', 'username')).toBe('+username');
  });

  it('reads page, search and sort from the URL, with the defaults left out', () => {
    const { hook } = setup('/list?page=3&q=bo&sort=-username');
    expect(hook.result.current.query).toEqual({ page: 3, size: 10, q: 'bo*', sort: '-username' });
    const plain = setup('/list?page=zero').hook;
    expect(plain.result.current.query).toEqual({ page: 1, size: 10, q: undefined, sort: '+name' });
  });

  it('keeps its state in the URL: a new search or sort starts from page 1, and Back restores', async () => {
    const { hook, router } = setup('/list');
    act(() => hook.result.current.setPage(2));
    expect(router().state.location.search).toBe('?page=2');
    act(() => hook.result.current.setSearch('bob'));
    expect(router().state.location.search).toBe('?q=bob');
    act(() => hook.result.current.toggleSort('name'));
    expect(router().state.location.search).toBe('?q=bob&sort=-name');
    await act(() => router().navigate(-1));
    expect(hook.result.current.q).toBe('bob');
    expect(hook.result.current.sort).toBe('+name');
    await act(() => router().navigate(-1));
    expect(hook.result.current.page).toBe(2);
  });

  it('builds two changes made before the next render on each other', () => {
    const { hook, router } = setup('/list');
    act(() => {
      // A date range's two ends typed in quick succession: one render sees both.
      hook.result.current.setSearch('bob');
      hook.result.current.setPage(3);
    });
    expect(router().state.location.search).toBe('?q=bob&page=3');
  });

  it('steps back by replacing the history entry', () => {
    const { hook, router } = setup('/list?page=4');
    act(() => hook.result.current.stepBack());
    expect(router().state.location.search).toBe('?page=3');
    expect(router().state.historyAction).toBe('REPLACE');
  });

  it('takes only the offered page sizes from the URL, 10 by default', () => {
    expect(pageSize('25')).toBe(25);
    expect(pageSize('100')).toBe(100);
    expect(pageSize('30')).toBe(10);
    expect(pageSize(null)).toBe(10);
    const { hook, router } = setup('/list?page=3&size=50');
    expect(hook.result.current.query).toMatchObject({ page: 3, size: 50 });
    act(() => hook.result.current.setSize(10));
    expect(router().state.location.search).toBe('');
  });

  it('keeps a namespaced list apart from the params of the screen and of other lists', () => {
    const { hook, router } = setup('/list?page=4&q=x&other.page=9&numbers.page=2&numbers.sort=-number', {
      ns: 'numbers',
    });
    expect(hook.result.current.query).toEqual({ page: 2, size: 10, q: undefined, sort: '-number' });
    act(() => hook.result.current.setSearch('380'));
    const params = new URLSearchParams(router().state.location.search);
    expect(params.get('numbers.q')).toBe('380');
    expect(params.get('numbers.page')).toBeNull();
    expect([params.get('page'), params.get('q'), params.get('other.page')]).toEqual(['4', 'x', '9']);
  });

  it('reads filter values from the URL into the query; a change starts from page 1', () => {
    const { hook, router } = setup('/list?page=2&channel=phone&channel=fax', { filters: FILTERS });
    expect(hook.result.current.query).toEqual({ page: 2, size: 10, q: undefined, sort: '+name', channel: ['phone'] });
    expect(hook.result.current.filtered).toBe(true);
    act(() => hook.result.current.setFilters({ channel: ['email', 'phone'] }));
    expect(router().state.location.search).toBe('?channel=email&channel=phone');
    act(() => hook.result.current.setFilters({ channel: [] }));
    expect(router().state.location.search).toBe('');
    expect(hook.result.current.filtered).toBe(false);
  });

  it('starts a range marked today at today until cleared, and keeps it cleared', () => {
    const today: ListFilter[] = [{ kind: 'dateRange', key: 'date', from: 'from', to: 'to', today: true }];
    const { hook, router } = setup('/list', { filters: today });
    const d = new Date();
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(hook.result.current.values).toEqual({ from: [day], to: [day] });
    expect(hook.result.current.query.from).toBe(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime());
    act(() => hook.result.current.setFilters({ from: [] }));
    expect(router().state.location.search).toBe('?from=');
    expect(hook.result.current.values).toEqual({ from: [], to: [day] });
    expect(hook.result.current.query.from).toBeUndefined();
  });
});
