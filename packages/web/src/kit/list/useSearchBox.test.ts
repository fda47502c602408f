import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchBox } from './useSearchBox';

describe('useSearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(initial: string) {
    const sent: string[] = [];
    const hook = renderHook(({ q }) => useSearchBox(q, (term) => sent.push(term)), { initialProps: { q: initial } });
    return { hook, sent };
  }

  it('sends the typed term after a pause, and at once on Enter', () => {
    const { hook, sent } = setup('');
    act(() => hook.result.current.setTerm('ali'));
    expect(sent).toEqual([]);
    act(() => vi.advanceTimersByTime(400));
    expect(sent).toEqual(['ali']);
    act(() => hook.result.current.setTerm('bob'));
    act(() => hook.result.current.submit());
    expect(sent).toEqual(['ali', 'bob']);
  });

  it('keeps what was typed after a search when the URL catches up with that search', () => {
    const { hook, sent } = setup('');
    act(() => hook.result.current.setTerm('38050111223'));
    act(() => hook.result.current.submit());
    // The user types on before the URL shows the first search.
    act(() => hook.result.current.setTerm('380501112234'));
    hook.rerender({ q: '38050111223' });
    expect(hook.result.current.term).toBe('380501112234');
    act(() => hook.result.current.submit());
    expect(sent).toEqual(['38050111223', '380501112234']);
  });

  it('follows the URL when it changes under the box (Back, a link)', () => {
    const { hook } = setup('ali');
    act(() => hook.result.current.setTerm('bob'));
    act(() => hook.result.current.submit());
    hook.rerender({ q: 'bob' });
    hook.rerender({ q: 'ali' });
    expect(hook.result.current.term).toBe('ali');
    // Forward again: the box shows the URL's term even though this box once sent it.
    hook.rerender({ q: 'bob' });
    expect(hook.result.current.term).toBe('bob');
  });
});
