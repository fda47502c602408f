import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { nextSort, searchTerm, useListState } from './useListState';

function setup(url: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useListState('+name'), { wrapper });
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

  it('steps back by replacing the history entry', () => {
    const { hook, router } = setup('/list?page=4');
    act(() => hook.result.current.stepBack());
    expect(router().state.location.search).toBe('?page=3');
    expect(router().state.historyAction).toBe('REPLACE');
  });
});
